/**
 * The rows a diff file is drawn as, unified or split, and where each finding
 * goes among them. Pure, so the viewer can memoize rows per file and the
 * placement per file and per chunk of rows.
 *
 * Findings anchor lines of the NEW version of a file (the head they were made
 * at). A finding is drawn under the last line of its range that the diff
 * shows, with a gutter mark on every shown line of the range; a finding none
 * of whose lines are in the diff's hunks is listed at the top of its file.
 */
import type { DiffFile, FindingView } from "@/components/pulls/pull-types";

export type LineType = "context" | "add" | "del";

export interface HunkRow {
  kind: "hunk";
  key: string;
  text: string;
}

export interface UnifiedLineRow {
  kind: "line";
  key: string;
  /** where the line is in the file's hunks (for its tokens) */
  hunk: number;
  index: number;
  type: LineType;
  oldLine: number | null;
  newLine: number | null;
  content: string;
  noNewline?: boolean;
}

export interface SplitSide {
  hunk: number;
  index: number;
  type: LineType;
  line: number;
  content: string;
}

export interface SplitPairRow {
  kind: "pair";
  key: string;
  left: SplitSide | null;
  right: SplitSide | null;
}

export type UnifiedRow = HunkRow | UnifiedLineRow;
export type SplitRow = HunkRow | SplitPairRow;
export type DiffRow = UnifiedRow | SplitRow;
export type DiffMode = "unified" | "split";

function hunkText(h: DiffFile["hunks"][number]): string {
  return `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@${h.section ? ` ${h.section}` : ""}`;
}

export function unifiedRows(file: DiffFile): UnifiedRow[] {
  const rows: UnifiedRow[] = [];
  file.hunks.forEach((hunk, h) => {
    rows.push({ kind: "hunk", key: `h${h}`, text: hunkText(hunk) });
    hunk.lines.forEach((line, i) => {
      rows.push({ kind: "line", key: `h${h}l${i}`, hunk: h, index: i, type: line.type, oldLine: line.oldLine, newLine: line.newLine, content: line.content, noNewline: line.noNewline });
    });
  });
  return rows;
}

/** Side by side: context on both sides; a run of removals is paired row by row with the additions that follow it. */
export function splitRows(file: DiffFile): SplitRow[] {
  const rows: SplitRow[] = [];
  file.hunks.forEach((hunk, h) => {
    rows.push({ kind: "hunk", key: `h${h}`, text: hunkText(hunk) });
    const lines = hunk.lines;
    let i = 0;
    let n = 0;
    while (i < lines.length) {
      const line = lines[i]!;
      if (line.type === "context") {
        rows.push({
          kind: "pair",
          key: `h${h}p${n++}`,
          left: { hunk: h, index: i, type: "context", line: line.oldLine ?? 0, content: line.content },
          right: { hunk: h, index: i, type: "context", line: line.newLine ?? 0, content: line.content },
        });
        i++;
        continue;
      }
      const dels: SplitSide[] = [];
      const adds: SplitSide[] = [];
      while (i < lines.length && lines[i]!.type === "del") {
        const l = lines[i]!;
        dels.push({ hunk: h, index: i++, type: "del", line: l.oldLine ?? 0, content: l.content });
      }
      while (i < lines.length && lines[i]!.type === "add") {
        const l = lines[i]!;
        adds.push({ hunk: h, index: i++, type: "add", line: l.newLine ?? 0, content: l.content });
      }
      for (let k = 0; k < Math.max(dels.length, adds.length); k++) {
        rows.push({ kind: "pair", key: `h${h}p${n++}`, left: dels[k] ?? null, right: adds[k] ?? null });
      }
    }
  });
  return rows;
}

export function rowsFor(file: DiffFile, mode: DiffMode): DiffRow[] {
  return mode === "split" ? splitRows(file) : unifiedRows(file);
}

/** The new-side line number a row shows, if any (what anchors refer to). */
export function newLineOf(row: DiffRow): number | null {
  if (row.kind === "line") return row.newLine;
  if (row.kind === "pair") return row.right?.line ?? null;
  return null;
}

/** One finding's place among a file's rows. */
export interface Placement {
  finding: FindingView;
  /** the card goes under this row */
  cardRow: number;
  /** rows of the range the diff shows, for the gutter marks */
  markRows: number[];
}

export interface FilePlacement {
  placed: Placement[];
  /** anchored in this file on lines the hunks do not show */
  offDiff: FindingView[];
}

/** Place a file's (current, non-outdated) findings among its rows. */
export function placeFindings(rows: readonly DiffRow[], findings: readonly FindingView[]): FilePlacement {
  if (findings.length === 0) return { placed: [], offDiff: [] };
  const rowOfLine = new Map<number, number>();
  rows.forEach((row, index) => {
    const line = newLineOf(row);
    if (line !== null) rowOfLine.set(line, index);
  });
  const placed: Placement[] = [];
  const offDiff: FindingView[] = [];
  for (const finding of findings) {
    const anchor = finding.anchor;
    if (!anchor) continue;
    const markRows: number[] = [];
    // Ranges are small in practice; cap the walk so a silly range cannot stall the page.
    const end = Math.min(anchor.endLine, anchor.startLine + 2000);
    for (let line = anchor.startLine; line <= end; line++) {
      const row = rowOfLine.get(line);
      if (row !== undefined) markRows.push(row);
    }
    if (markRows.length === 0) offDiff.push(finding);
    else placed.push({ finding, cardRow: markRows[markRows.length - 1]!, markRows });
  }
  return { placed, offDiff };
}

/** Rows cut into chunks for windowed rendering. */
export function chunkRanges(total: number, size: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (let start = 0; start < total; start += size) out.push({ start, end: Math.min(total, start + size) });
  return out;
}

/** The placements that touch rows [start, end): a card or a gutter mark there. */
export function placementsIn(placed: readonly Placement[], start: number, end: number): Placement[] {
  return placed.filter((p) => (p.cardRow >= start && p.cardRow < end) || p.markRows.some((r) => r >= start && r < end));
}

/**
 * Keep the previous array when the new one holds the same items in the same
 * order, so memoized children see an unchanged prop and skip rendering.
 * TanStack Query shares unchanged objects across refetches, which is what
 * makes identity a fair test here.
 */
export function sameItems<T>(a: readonly T[] | undefined, b: readonly T[], eq: (x: T, y: T) => boolean = Object.is): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!eq(a[i]!, b[i]!)) return false;
  return true;
}

export function samePlacement(a: Placement, b: Placement): boolean {
  return a.finding === b.finding && a.cardRow === b.cardRow && sameItems(a.markRows, b.markRows);
}

/** The path a finding's anchor is matched against: the new path, or the old one for a deleted file. */
export function filePath(file: DiffFile): string {
  return file.newPath ?? file.oldPath ?? "";
}
