/**
 * Commits a replacement of lines in one file onto a branch of Gatehouse's
 * mirror, as a person (an applied review suggestion). Plumbing only, in the
 * bare mirror with a private index (lib/repos/land-commit.ts): the new blob
 * is hashed with `--no-filters`, so no clean filter a repository names runs
 * (H1), and the branch moves only from the commit the change was made on.
 */
import { git } from "./git";
import { literalPathspec, validateBranchName } from "./git-refs";
import { commitTree, ensureMirrorAttributes, moveBranch, withPrivateIndex, type GitPerson } from "./land-commit";

export interface LineChange {
  mirror: string;
  branch: string;
  /** the commit the change is made on; the branch must point at it */
  parent: string;
  /** repository-relative path */
  file: string;
  /** 1-based, inclusive */
  startLine: number;
  endLine: number;
  replacement: string;
  message: string;
  person: GitPerson;
}

/** Why a change cannot be made; the message is fit for a person. */
export class LineChangeRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LineChangeRefused";
  }
}

const MAX_FILE_BYTES = 4 * 1024 * 1024;

export async function commitLineChange(change: LineChange): Promise<string> {
  validateBranchName(change.branch);
  if (!/^[0-9a-f]{40}$/.test(change.parent)) throw new Error("the parent must be a commit id");
  if (change.file.startsWith("-") || change.file.startsWith("/") || change.file.includes("\0") || change.file.split("/").includes("..")) {
    throw new LineChangeRefused(`${change.file} is not a path inside the repository`);
  }
  await ensureMirrorAttributes(change.mirror);
  const entry = await git(["ls-tree", "-z", "--full-tree", change.parent, "--", literalPathspec(change.file)], { gitDir: change.mirror });
  const match = /^(\d{6}) blob ([0-9a-f]{40})\t/.exec(entry.stdout);
  // Symbolic links (120000) and submodules are not text a suggestion can edit.
  if (!match || (match[1] !== "100644" && match[1] !== "100755")) throw new LineChangeRefused(`${change.file} is not a regular file at ${change.parent.slice(0, 12)}`);
  const mode = match[1]!;
  const blob = await git(["cat-file", "blob", match[2]!], { gitDir: change.mirror, maxOutputBytes: MAX_FILE_BYTES });
  if (blob.truncated) throw new LineChangeRefused(`${change.file} is larger than ${MAX_FILE_BYTES / (1024 * 1024)} MB`);
  if (blob.stdout.includes("\0")) throw new LineChangeRefused(`${change.file} is a binary file`);
  const updated = replaceLines(blob.stdout, change.startLine, change.endLine, change.replacement);

  const hashed = await git(["hash-object", "-w", "--no-filters", "--stdin"], { gitDir: change.mirror, input: updated });
  const newBlob = hashed.stdout.trim();
  const tree = await withPrivateIndex(change.mirror, async (env) => {
    await git(["read-tree", change.parent], { gitDir: change.mirror, env });
    await git(["update-index", "--add", "--cacheinfo", `${mode},${newBlob},${change.file}`], { gitDir: change.mirror, env });
    return (await git(["write-tree"], { gitDir: change.mirror, env })).stdout.trim();
  });
  const commit = await commitTree(change.mirror, tree, [change.parent], change.message, change.person);
  await moveBranch(change.mirror, change.branch, change.parent, commit);
  return commit;
}

/**
 * Lines startLine..endLine (1-based, inclusive) replaced by `replacement`,
 * keeping the file's line ending style and its final newline. Pure.
 */
export function replaceLines(text: string, startLine: number, endLine: number, replacement: string): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const endsWithNewline = text.endsWith("\n");
  const lines = text.split(/\r?\n/);
  if (endsWithNewline) lines.pop();
  if (!Number.isInteger(startLine) || !Number.isInteger(endLine) || startLine < 1 || endLine < startLine || endLine > lines.length) {
    throw new LineChangeRefused(`lines ${startLine}–${endLine} do not exist in a file of ${lines.length} lines`);
  }
  const body = replacement.replace(/\r?\n$/, "");
  const inserted = body === "" ? [] : body.split(/\r?\n/);
  const next = [...lines.slice(0, startLine - 1), ...inserted, ...lines.slice(endLine)];
  return next.join(eol) + (endsWithNewline && next.length > 0 ? eol : "");
}
