/**
 * Parse unified diff text (git diff output, or plain `diff -u`) into files →
 * hunks → lines with old/new line numbers. Hunk bodies are read by the counts
 * in their `@@` header, never by guessing from a line's look: a removed SQL
 * comment `-- x` appears as `--- x` and must not start a new file.
 * One pass over the lines, so 5,000+ changed lines parse in a few ms.
 */
import { readName, splitGitHeader } from "./parse-diff-paths";
import { draft, finalize, readExtendedHeader, type Draft } from "./parse-diff-header";

/** One line of a hunk. `oldLine` is null for additions, `newLine` for deletions. */
export interface DiffLine {
  type: "context" | "add" | "del";
  content: string;
  oldLine: number | null;
  newLine: number | null;
  /** followed by "\ No newline at end of file" */
  noNewline?: true;
}

/** One `@@ -oldStart,oldLines +newStart,newLines @@ section` block. */
export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** the function/section heading git prints after the second `@@` */
  section: string;
  lines: DiffLine[];
}

/** How a file changed between the two trees. */
export type DiffFileStatus = "added" | "deleted" | "modified" | "renamed" | "copied";

/** One file of a diff. Paths are repository-relative, prefixes stripped; null on the side that does not exist. */
export interface DiffFile {
  oldPath: string | null;
  newPath: string | null;
  status: DiffFileStatus;
  binary: boolean;
  /** rename/copy similarity in percent */
  similarity?: number;
  oldMode?: string;
  newMode?: string;
  hunks: DiffHunk[];
  additions: number;
  deletions: number;
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/;

/** Parse unified diff text into files. Unknown lines are skipped; never throws on odd input. */
export function parseDiff(text: string): DiffFile[] {
  const files: DiffFile[] = [];
  let file: Draft | null = null;
  let hunk: DiffHunk | null = null;
  let oldLeft = 0, newLeft = 0, oldNo = 0, newNo = 0;
  let inBinaryPatch = false;
  const finish = () => {
    if (file) files.push(finalize(file));
    file = null;
    hunk = null;
    inBinaryPatch = false;
  };

  // Walk the text with indexOf instead of split(): body lines are sliced once,
  // straight to their content, which halves the garbage on large diffs.
  let pos = 0;
  while (pos < text.length) {
    let end = text.indexOf("\n", pos);
    if (end === -1) end = text.length;
    const start = pos;
    pos = end + 1;
    const c = text.charCodeAt(start);
    if (hunk !== null && file !== null && (oldLeft > 0 || newLeft > 0)) {
      const h: DiffHunk = hunk, f: Draft = file;
      // An empty line stands for an empty context line whose space was
      // stripped by an editor or mailer.
      if (c === 32 || start === end) {
        h.lines.push({ type: "context", content: text.slice(start + 1, end), oldLine: oldNo++, newLine: newNo++ });
        oldLeft--, newLeft--;
        continue;
      }
      if (c === 45) {
        h.lines.push({ type: "del", content: text.slice(start + 1, end), oldLine: oldNo++, newLine: null });
        oldLeft--, f.deletions++;
        continue;
      }
      if (c === 43) {
        h.lines.push({ type: "add", content: text.slice(start + 1, end), oldLine: null, newLine: newNo++ });
        newLeft--, f.additions++;
        continue;
      }
      if (c === 92) {
        markNoNewline(h);
        continue;
      }
      oldLeft = newLeft = 0; // truncated hunk: read this line as a header
    }
    if (c === 92) {
      if (hunk) markNoNewline(hunk);
      continue;
    }
    const line = text.slice(start, end).replace(/\r$/, "");
    if (line.startsWith("diff --git ")) {
      finish();
      const names = splitGitHeader(line.slice(11));
      file = draft(true, names?.[0] ?? null, names?.[1] ?? null);
      continue;
    }
    if (line.startsWith("--- ") && text.startsWith("+++ ", pos) && !inBinaryPatch) {
      if (!file || file.hunks.length > 0 || file.minus !== null || !file.git) {
        finish();
        file = draft(false, null, null);
      }
      let next = text.indexOf("\n", pos);
      if (next === -1) next = text.length;
      file.minus = readName(line.slice(4));
      file.plus = readName(text.slice(pos + 4, next));
      pos = next + 1;
      continue;
    }
    if (!file || inBinaryPatch) continue;
    const m = HUNK.exec(line);
    if (m) {
      const [oldStart, oldLines, newStart, newLines] = [m[1], m[2] ?? "1", m[3], m[4] ?? "1"].map(Number) as [number, number, number, number];
      hunk = { oldStart, oldLines, newStart, newLines, section: m[5] ?? "", lines: [] };
      file.hunks.push(hunk);
      oldLeft = oldLines, newLeft = newLines;
      oldNo = oldStart, newNo = newStart;
      continue;
    }
    if (file.hunks.length === 0) readExtendedHeader(file, line, () => (inBinaryPatch = true));
  }
  finish();
  return files;
}

function markNoNewline(hunk: DiffHunk): void {
  const last = hunk.lines[hunk.lines.length - 1];
  if (last) last.noNewline = true;
}
