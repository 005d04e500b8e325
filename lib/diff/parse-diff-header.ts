/**
 * The per-file header of a unified diff: `diff --git`, the extended header
 * lines git prints before the hunks (modes, renames, copies, binary) and the
 * `---`/`+++` names, folded into one DiffFile when the file ends.
 */
import type { DiffFile, DiffFileStatus } from "./parse-diff";
import { readName, stripPrefixes } from "./parse-diff-paths";

/** A file while it is being read: the raw names from every header line that carries one. */
export interface Draft extends DiffFile {
  git: boolean;
  headerOld: string | null;
  headerNew: string | null;
  minus: string | null;
  plus: string | null;
  renameFrom?: string;
  renameTo?: string;
  copyFrom?: string;
  copyTo?: string;
  created: boolean;
  removed: boolean;
}

/** A new draft; `git` = it started with a `diff --git` line. */
export function draft(git: boolean, headerOld: string | null, headerNew: string | null): Draft {
  return {
    git, headerOld, headerNew, minus: null, plus: null, created: false, removed: false,
    oldPath: null, newPath: null, status: "modified", binary: false, hunks: [], additions: 0, deletions: 0,
  };
}

/** One line between `diff --git` and the first hunk. */
export function readExtendedHeader(f: Draft, line: string, startBinaryPatch: () => void): void {
  const after = (prefix: string) => (line.startsWith(prefix) ? line.slice(prefix.length) : null);
  let v: string | null;
  if ((v = after("new file mode ")) !== null) (f.created = true), (f.newMode = v);
  else if ((v = after("deleted file mode ")) !== null) (f.removed = true), (f.oldMode = v);
  else if ((v = after("old mode ")) !== null) f.oldMode = v;
  else if ((v = after("new mode ")) !== null) f.newMode = v;
  else if ((v = after("rename from ")) !== null) f.renameFrom = readName(v);
  else if ((v = after("rename to ")) !== null) f.renameTo = readName(v);
  else if ((v = after("copy from ")) !== null) f.copyFrom = readName(v);
  else if ((v = after("copy to ")) !== null) f.copyTo = readName(v);
  else if ((v = after("similarity index ")) !== null) f.similarity = parseInt(v, 10);
  else if (line.startsWith("Binary files ") && line.endsWith(" differ")) f.binary = true;
  else if (line === "GIT binary patch") (f.binary = true), startBinaryPatch();
}

/** Decide status and paths from everything the header said. */
export function finalize(f: Draft): DiffFile {
  const [headerOld, headerNew] = stripPrefixes(f.headerOld, f.headerNew);
  const [minus, plus] = stripPrefixes(f.minus, f.plus);
  const created = f.created || minus === "/dev/null";
  const removed = f.removed || plus === "/dev/null";
  const status: DiffFileStatus = created ? "added" : removed ? "deleted" : f.renameFrom !== undefined ? "renamed" : f.copyFrom !== undefined ? "copied" : "modified";
  const pick = (...names: (string | null | undefined)[]) => names.find((n) => n != null && n !== "/dev/null") ?? null;
  const out: DiffFile = {
    oldPath: created ? null : pick(f.renameFrom, f.copyFrom, minus, headerOld),
    newPath: removed ? null : pick(f.renameTo, f.copyTo, plus, headerNew),
    status, binary: f.binary, hunks: f.hunks, additions: f.additions, deletions: f.deletions,
  };
  if (f.similarity !== undefined && !Number.isNaN(f.similarity)) out.similarity = f.similarity;
  if (f.oldMode !== undefined) out.oldMode = f.oldMode;
  if (f.newMode !== undefined) out.newMode = f.newMode;
  return out;
}
