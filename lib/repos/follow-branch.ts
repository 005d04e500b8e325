import "server-only";
/**
 * A room's worktree has its branch checked out. When Gatehouse moves that
 * branch itself (an applied suggestion, a fix landing on a pull request's
 * head), the worktree must follow, or the room's next commit would silently
 * revert the change. H6: both the check for local changes and the move run in
 * the sandbox (read-worktree-git.ts, move-worktree-files.ts); the host never
 * walks the worktree.
 */
import { literalPathspec } from "./git-refs";
import { moveWorktreeFiles } from "./move-worktree-files";
import { readWorktreeGit } from "./read-worktree-git";
import type { WorktreeOnRecord } from "./sandbox-git-step";

/** Whether the worktree has uncommitted changes to `file` (staged or not). */
export async function hasLocalChanges(worktree: WorktreeOnRecord, file: string): Promise<boolean> {
  const { stdout } = await readWorktreeGit(
    worktree,
    ["status", "--porcelain=v1", "-z", "--untracked-files=no", "--ignore-submodules=all", "--", literalPathspec(file)],
    { timeoutMs: 60_000, maxOutputBytes: 64 * 1024 },
  );
  return stdout.length > 0;
}

/**
 * Moves the worktree's index and files from `from` to `to` (a two-tree
 * merge: local changes to other files stay). Refuses, changing nothing, when
 * a local change would be overwritten. The branch itself already points at `to`.
 */
export async function followBranch(worktree: WorktreeOnRecord, from: string, to: string): Promise<void> {
  await moveWorktreeFiles(worktree, { mode: "follow", from, to });
}
