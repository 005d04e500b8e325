/**
 * H1, H3: how Gatehouse writes commits of its own into a mirror — a merge of
 * a pull request, an applied suggestion. Only plumbing runs (merge-tree,
 * hash-object, update-index on a private index, write-tree, commit-tree,
 * update-ref) in the bare mirror, through lib/repos/git.ts: no work tree is
 * checked out, so no checkout filter, hook, fsmonitor or merge driver a
 * repository might name has anything to run. The mirror's info/attributes
 * unsets `filter`, `diff` and `merge` for every path (refreshed here before
 * every write), so even a driver configured by mistake is never selected.
 *
 * A ref moves only with the value it was read at (compare-and-swap), in one
 * transaction with its landed marker: a write either happens whole or not at
 * all, and a concurrent move makes it fail instead of overwriting.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { git, GitError } from "./git";
import { validateBranchName } from "./git-refs";
import { landedRef } from "./landed-refs";

/** Outranks any .gitattributes in a tree: no filter, textconv or merge driver is ever chosen (H1). */
export const MIRROR_ATTRIBUTES = "* !filter !diff !merge\n";

/** A person as git records them; characters git would choke on or misread are removed. */
export interface GitPerson {
  name: string;
  email: string;
}

export function personEnv(person: GitPerson): Record<string, string> {
  const clean = (text: string, fallback: string) => text.replace(/[<>\n\r\0]/g, "").trim() || fallback;
  const name = clean(person.name, "Gatehouse user");
  const email = clean(person.email, "unknown@gatehouse.invalid");
  return { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
}

/** Gatehouse owns the mirror's info/attributes; a mirror made by an older build gets today's. */
export async function ensureMirrorAttributes(mirror: string): Promise<void> {
  const file = path.join(mirror, "info", "attributes");
  const current = await readFile(file, "utf8").catch(() => null);
  if (current === MIRROR_ATTRIBUTES) return;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, MIRROR_ATTRIBUTES);
}

/** Thrown when the branch moved between reading it and writing it. */
export class BranchMovedError extends Error {
  constructor(readonly branch: string) {
    super(`${branch} moved meanwhile`);
    this.name = "BranchMovedError";
  }
}

/**
 * Moves `refs/heads/<branch>` from `from` to `to` and marks `to` as landed by
 * Gatehouse, in one ref transaction. `extra` lines join the same transaction.
 */
export async function moveBranch(mirror: string, branch: string, from: string, to: string): Promise<void> {
  validateBranchName(branch);
  const input = [`update refs/heads/${branch} ${to} ${from}`, `update ${landedRef(branch)} ${to}`].join("\n") + "\n";
  try {
    await git(["update-ref", "--stdin"], { gitDir: mirror, input });
  } catch (error) {
    if (error instanceof GitError && !error.timedOut && /cannot lock ref|is at .* but expected|unable to resolve reference/.test(error.stderr)) {
      throw new BranchMovedError(branch);
    }
    throw error;
  }
}

/** commit-tree with a message on stdin and the person as author and committer. */
export async function commitTree(mirror: string, tree: string, parents: readonly string[], message: string, person: GitPerson): Promise<string> {
  const args = ["commit-tree", tree, ...parents.flatMap((p) => ["-p", p]), "-F", "-"];
  const { stdout } = await git(args, { gitDir: mirror, input: message, env: personEnv(person) });
  return stdout.trim();
}

/**
 * Runs `work` with a private index file (GIT_INDEX_FILE) in the mirror's own
 * folder, removed afterwards: a bare mirror has no index of its own.
 */
export async function withPrivateIndex<T>(mirror: string, work: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const dir = path.join(mirror, "gatehouse-tmp");
  await mkdir(dir, { recursive: true });
  const index = path.join(dir, `index-${randomUUID()}`);
  try {
    return await work({ GIT_INDEX_FILE: index });
  } finally {
    await rm(index, { force: true });
    await rm(`${index}.lock`, { force: true });
  }
}

/**
 * Undoes moveBranch when the record of the write could not be saved: the
 * branch goes back only if it is still where Gatehouse put it.
 */
export async function revertBranch(mirror: string, branch: string, landed: string, previous: string): Promise<void> {
  validateBranchName(branch);
  // The marker goes back to the previous tip: it holds any earlier landed commit, and a sync drops it once the source has it.
  const input = [`update refs/heads/${branch} ${previous} ${landed}`, `update ${landedRef(branch)} ${previous} ${landed}`].join("\n") + "\n";
  await git(["update-ref", "--stdin"], { gitDir: mirror, input });
}
