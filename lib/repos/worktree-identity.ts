/**
 * Is this directory still the linked worktree git created for it? Checked
 * before git runs on the host for a tool. In a writable mode the agent can
 * rewrite the worktree's `.git` file from its shell; pointed at another
 * repository (or replaced by a directory with its own config), a host-side git
 * would commit into that repository or run programs named by that config.
 *
 * `git worktree add` writes `<wt>/.git` ("gitdir: <gitdir>") and
 * `<gitdir>/gitdir` (the path of `<wt>/.git`). The gitdir lives outside the
 * worktree, where no sandboxed process can write, so a pointer that round-trips
 * back to this worktree was written by git, not by the agent.
 */
import { lstat, readFile, realpath } from "node:fs/promises";
import path from "node:path";

export class WorktreeIdentityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WorktreeIdentityError";
  }
}

export interface LinkedWorktree {
  worktree: string;
  gitDir: string;
}

async function readPointer(file: string, prefix: string): Promise<string | null> {
  try {
    const text = (await readFile(file, "utf8")).trim();
    if (prefix === "") return text;
    return text.startsWith(prefix) ? text.slice(prefix.length).trim() : null;
  } catch {
    return null;
  }
}

export async function verifyLinkedWorktree(worktree: string): Promise<LinkedWorktree> {
  const root = await realpath(worktree);
  const dotGit = path.join(root, ".git");
  const fail = (why: string) =>
    new WorktreeIdentityError(`git is unavailable in this worktree: ${why}. Git tools only run in the room's own linked worktree.`);

  const info = await lstat(dotGit).catch(() => null);
  if (!info || !info.isFile()) throw fail(".git is missing or is not the file git writes for a linked worktree");
  const pointer = await readPointer(dotGit, "gitdir:");
  if (!pointer) throw fail(".git does not point to a git directory");
  const gitDir = await realpath(path.resolve(/*turbopackIgnore: true*/ root, pointer)).catch(() => null);
  if (!gitDir) throw fail(".git points to a git directory that does not exist");
  if (gitDir === root || gitDir.startsWith(root + path.sep)) throw fail(".git points inside the worktree");

  const back = await readPointer(path.join(/*turbopackIgnore: true*/ gitDir, "gitdir"), "");
  const backReal = back ? await realpath(path.resolve(/*turbopackIgnore: true*/ gitDir, back)).catch(() => null) : null;
  if (backReal !== dotGit) throw fail(".git points to a git directory that belongs to another worktree");
  return { worktree: root, gitDir };
}
