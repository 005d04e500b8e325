/**
 * A room's worktree has its branch checked out. When Gatehouse moves that
 * branch itself (an applied suggestion), the worktree must follow, or the
 * room's next commit would silently revert the change. Host-side git on the
 * worktree runs with the hardening of lib/repos/git.ts, the git data from
 * Gatehouse's records (H2), and the mirror's attributes that unset every
 * filter (H1); the files it writes are handed back to the sandbox user.
 */
import { handToSandboxUser } from "../sandbox/sandbox-user";
import { git, literalPathspec, type GitLocation } from "./git";

/** Whether the worktree has uncommitted changes to `file` (staged or not). */
export async function hasLocalChanges(where: GitLocation, file: string): Promise<boolean> {
  const { stdout } = await git(["status", "--porcelain=v1", "-z", "--untracked-files=no", "--ignore-submodules=all", "--", literalPathspec(file)], where);
  return stdout.length > 0;
}

/**
 * Moves the worktree's index and files from `from` to `to` (a two-tree
 * merge: local changes to other files stay). Refuses, changing nothing, when
 * a local change would be overwritten.
 */
export async function followBranch(where: GitLocation, from: string, to: string): Promise<void> {
  // Files rewritten with the same content look changed by their stat data alone; refresh first, or read-tree refuses them.
  await git(["update-index", "-q", "--refresh", "--ignore-submodules"], { ...where, okExitCodes: [1] });
  await git(["read-tree", "-m", "-u", from, to], where);
  if (where.workTree) await handToSandboxUser(where.workTree);
}
