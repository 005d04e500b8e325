/**
 * Worktrees are made from Gatehouse's mirrors, never from a user's repository
 * (H3), and every later git command on them is told their git data from
 * Gatehouse's records (H2). A new worktree is handed to the sandbox user, so a
 * writable mode's sandboxed commands can change it (H1: the sandbox does not
 * run as root); host-side git keeps working on it because it is named as the
 * work tree and listed in safe.directory.
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { handToSandboxUser } from "../sandbox/sandbox-user";
import { git, revParse, validateBranchName, validateRef, type GitLocation } from "./git";
import { worktreeGitIn, type WorktreeGit } from "./worktree-git";

export interface CreateWorktreeOptions {
  /** the repository's bare mirror */
  mirror: string;
  /** absolute path; must not exist yet */
  worktreePath: string;
  /** commit-ish to check out */
  ref: string;
  /** create this new branch (in the mirror) at ref; otherwise the worktree is detached */
  branch?: string;
}

export interface CreatedWorktree {
  path: string;
  git: WorktreeGit;
  head: string;
}

/** The location host-side git uses for a worktree: all three paths from records. */
export function worktreeLocation(worktreePath: string, wg: WorktreeGit): GitLocation {
  return { gitDir: wg.gitDir, commonDir: wg.commonDir, workTree: worktreePath };
}

export async function createWorktree(options: CreateWorktreeOptions): Promise<CreatedWorktree> {
  if (!path.isAbsolute(options.worktreePath)) throw new Error(`worktree path must be absolute: ${options.worktreePath}`);
  const ref = validateRef(options.ref);
  const branchArgs = options.branch === undefined ? ["--detach"] : ["-b", validateBranchName(options.branch)];
  const wg = worktreeGitIn(options.mirror, options.worktreePath);
  // Git names the worktree's git directory after its folder; a leftover of that name would make it pick another.
  if (existsSync(wg.gitDir)) await git(["worktree", "prune"], { gitDir: options.mirror });
  if (existsSync(wg.gitDir)) throw new Error(`the mirror already has a worktree named ${path.basename(options.worktreePath)}`);
  await git(["worktree", "add", "--quiet", ...branchArgs, "--", options.worktreePath, ref], { gitDir: options.mirror });
  if (!existsSync(path.join(wg.gitDir, "HEAD"))) {
    await removeWorktree({ mirror: options.mirror, worktreePath: options.worktreePath });
    throw new Error("git did not create the worktree's git directory where Gatehouse records it");
  }
  await handToSandboxUser(options.worktreePath);
  const head = await revParse(worktreeLocation(options.worktreePath, wg), "HEAD");
  return { path: options.worktreePath, git: wg, head };
}

/**
 * Removes a worktree and its git directory in the mirror. Plain file removal:
 * `git worktree remove` would read the worktree's `.git` file, which an agent
 * may have rewritten.
 */
export async function removeWorktree(options: { mirror: string; worktreePath: string }): Promise<void> {
  if (!path.isAbsolute(options.worktreePath)) throw new Error(`worktree path must be absolute: ${options.worktreePath}`);
  await rm(options.worktreePath, { recursive: true, force: true });
  await rm(worktreeGitIn(options.mirror, options.worktreePath).gitDir, { recursive: true, force: true });
}

const SHA = /^[0-9a-f]{40}$/;

/** Moves a detached worktree (a review room's) to another commit of its mirror. */
export async function checkoutDetached(where: GitLocation, sha: string): Promise<void> {
  if (!SHA.test(sha)) throw new Error(`not a commit id: ${sha.slice(0, 60)}`);
  const current = await revParse(where, "HEAD").catch(() => null);
  if (current === sha) return;
  await git(["checkout", "--quiet", "--detach", sha], where);
  // Files git just wrote belong to the server's user; the sandbox user keeps the whole worktree.
  if (where.workTree) await handToSandboxUser(where.workTree);
}
