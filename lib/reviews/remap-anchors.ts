/**
 * R8: carry finding anchors made at an old head through the diff to
 * the new head. Lines shift by what was inserted or deleted above them, file
 * renames are followed, and an anchor whose lines were changed or removed
 * (or had new lines inserted between them) is marked outdated: the code the
 * reviewer looked at is no longer there as it was.
 *
 * Per file the diff is reduced to two sorted arrays (deleted old lines, and
 * for each added line the old line it was inserted before), so each anchor
 * costs a few binary searches: O((D + A) log D) for D diff lines, A anchors.
 */
import { parseDiff, type DiffFile } from "../diff/parse-diff";

/** An anchor at the old head: repository-relative file and inclusive 1-based lines. */
export interface AnchorPosition {
  file: string;
  startLine: number;
  endLine: number;
}

/** Why a remapped anchor is outdated. */
export type OutdatedReason = "lines_changed" | "lines_inserted" | "file_deleted" | "binary_changed";

/** The same anchor at the new head. When outdated, the lines are the best nearby position. */
export interface RemappedAnchor extends AnchorPosition {
  outdated: boolean;
  reason?: OutdatedReason;
  /** anything differs from the input (file, lines or outdated) */
  changed: boolean;
}

interface FileIndex {
  newPath: string | null;
  binary: boolean;
  /** old line numbers removed or replaced, ascending */
  deleted: number[];
  /** per added line: the old line it was inserted before, ascending */
  insertedBefore: number[];
}

/** Remap anchors (old head) through the diff old head → new head. Output is aligned with the input. */
export function remapAnchors(anchors: readonly AnchorPosition[], diff: string | readonly DiffFile[]): RemappedAnchor[] {
  const files = typeof diff === "string" ? parseDiff(diff) : diff;
  const byOldPath = new Map<string, DiffFile>();
  for (const f of files) {
    // A copy leaves its source in place, so anchors in the source stay put.
    if (f.oldPath === null || f.status === "copied") continue;
    byOldPath.set(f.oldPath, f);
  }
  const indexes = new Map<string, FileIndex>();
  return anchors.map((a) => {
    const entry = byOldPath.get(a.file);
    if (!entry) return { ...pick(a), outdated: false, changed: false };
    let index = indexes.get(a.file);
    if (!index) indexes.set(a.file, (index = indexFile(entry)));
    return remapOne(a, index);
  });
}

function remapOne(a: AnchorPosition, ix: FileIndex): RemappedAnchor {
  if (ix.newPath === null) return { ...pick(a), outdated: true, reason: "file_deleted", changed: true };
  if (ix.binary) return { ...pick(a), file: ix.newPath, outdated: true, reason: "binary_changed", changed: true };
  const s = a.startLine, e = Math.max(a.endLine, a.startLine);
  const newOf = (line: number) => line - lowerBound(ix.deleted, line) + upperBound(ix.insertedBefore, line);
  const firstDeleted = lowerBound(ix.deleted, s);
  const linesChanged = firstDeleted < ix.deleted.length && (ix.deleted[firstDeleted] as number) <= e;
  const firstInsert = upperBound(ix.insertedBefore, s);
  const linesInserted = firstInsert < ix.insertedBefore.length && (ix.insertedBefore[firstInsert] as number) <= e;

  const startLine = Math.max(1, newOf(s));
  const endDeleted = isIn(ix.deleted, e);
  // A removed last line maps to the end of whatever replaced it.
  const endLine = Math.max(startLine, endDeleted ? newOf(e + 1) - 1 : newOf(e));
  const outdated = linesChanged || linesInserted;
  const out: RemappedAnchor = { file: ix.newPath, startLine, endLine, outdated, changed: false };
  if (outdated) out.reason = linesChanged ? "lines_changed" : "lines_inserted";
  out.changed = outdated || out.file !== a.file || startLine !== a.startLine || endLine !== a.endLine;
  return out;
}

function indexFile(f: DiffFile): FileIndex {
  const deleted: number[] = [];
  const insertedBefore: number[] = [];
  for (const h of f.hunks) {
    // With an empty old side, oldStart names the line the text goes after.
    let cursor = h.oldLines === 0 ? h.oldStart + 1 : h.oldStart;
    for (const l of h.lines) {
      if (l.type === "add") insertedBefore.push(cursor);
      else {
        if (l.oldLine !== null) cursor = l.oldLine + 1;
        if (l.type === "del" && l.oldLine !== null) deleted.push(l.oldLine);
      }
    }
  }
  // git emits hunks in order; sorting guards hand-made or reordered diffs.
  if (!isSorted(deleted)) deleted.sort((x, y) => x - y);
  if (!isSorted(insertedBefore)) insertedBefore.sort((x, y) => x - y);
  return { newPath: f.newPath, binary: f.binary, deleted, insertedBefore };
}

function pick(a: AnchorPosition): AnchorPosition {
  return { file: a.file, startLine: a.startLine, endLine: a.endLine };
}

/** Number of elements < x. */
function lowerBound(arr: readonly number[], x: number): number {
  let lo = 0, hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((arr[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Number of elements <= x. */
function upperBound(arr: readonly number[], x: number): number {
  return lowerBound(arr, x + 1);
}

function isIn(arr: readonly number[], x: number): boolean {
  const i = lowerBound(arr, x);
  return i < arr.length && arr[i] === x;
}

function isSorted(arr: readonly number[]): boolean {
  for (let i = 1; i < arr.length; i++) if ((arr[i - 1] as number) > (arr[i] as number)) return false;
  return true;
}
