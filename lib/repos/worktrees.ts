/**
 * Worktrees are made from Gatehouse's mirrors, never from a user's repository
 * (H3), and every later git command on them is told their git data from
 * Gatehouse's records (H2). A new worktree is handed to the sandbox user, so a
 * writable mode's sandboxed commands can change it (H1: the sandbox does not
 * run as root).
 *
 * H6: `git worktree add` is the one host git that writes a work tree, and only
 * a folder it creates itself, before the sandbox user or any agent can reach
 * it (git refuses a folder that already has content). From then on the host
 * works only in the worktree's git directory; moving the files later runs in
 * the sandbox (move-worktree-files.ts).
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { SandboxUnavailableError } from "../sandbox/run-in-sandbox";
import { SandboxBusyError } from "../sandbox/sandbox-slots";
import { handToSandboxUser } from "../sandbox/sandbox-user";
import { git, revParse, type GitLocation } from "./git";
import { OBJECT_ID, validateBranchName, validateRef } from "./git-refs";
import { moveWorktreeFiles } from "./move-worktree-files";
import type { WorktreeOnRecord } from "./sandbox-git-step";
import { worktreeGitIn, type WorktreeGit } from "./worktree-git";
import { moveWorktreeHead, readWorktreeHead } from "./worktree-head";

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

/** Where host-side git reads a worktree's HEAD and history: its git directory and mirror, from records (no work tree, H6). */
export function worktreeLocation(wg: WorktreeGit): GitLocation {
  return { gitDir: wg.gitDir, commonDir: wg.commonDir };
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
  const head = await revParse(worktreeLocation(wg), "HEAD");
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

/**
 * Moves a detached worktree (a review room's) to another commit of its
 * mirror: the files in the sandbox, then its HEAD. Without the sandbox, or
 * with the workspace's sandboxes all busy (a push must not wait on a running
 * gate), the worktree is made afresh at that commit instead (a new folder, as
 * createWorktree makes), so host git still never walks one an agent used.
 */
export async function checkoutDetached(worktree: WorktreeOnRecord, sha: string): Promise<void> {
  if (!OBJECT_ID.test(sha)) throw new Error(`not a commit id: ${sha.slice(0, 60)}`);
  const head = await readWorktreeHead(worktree.git).catch(() => null);
  if (head?.commit === sha) return;
  if (!head) return recreate(worktree, sha);
  try {
    await moveWorktreeFiles(worktree, { mode: "reset", from: head.commit, to: sha });
  } catch (error) {
    if (error instanceof SandboxUnavailableError || error instanceof SandboxBusyError) return recreate(worktree, sha);
    throw error;
  }
  await moveWorktreeHead(worktree.git, { ref: null, commit: head.commit }, sha);
}

async function recreate(worktree: WorktreeOnRecord, sha: string): Promise<void> {
  await removeWorktree({ mirror: worktree.git.commonDir, worktreePath: worktree.path });
  await git(["worktree", "prune"], { gitDir: worktree.git.commonDir });
  await createWorktree({ mirror: worktree.git.commonDir, worktreePath: worktree.path, ref: sha });
}
