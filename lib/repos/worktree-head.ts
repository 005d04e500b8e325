import "server-only";
/**
 * What a worktree has checked out, read from its git directory in the mirror
 * (H2: the records name it; the worktree's `.git` is never read), and how the
 * host moves it: a compare-and-swap `update-ref`, so a concurrent move makes
 * the second one fail instead of overwriting (H6: plumbing on Gatehouse's own
 * git directories only).
 */
import { git, GitError } from "./git";
import { BranchMovedError } from "./land-commit";
import type { WorktreeGit } from "./worktree-git";

export interface WorktreeHead {
  /** the branch checked out (`refs/heads/…`), or null when detached */
  ref: string | null;
  commit: string;
}

export async function readWorktreeHead(wg: WorktreeGit): Promise<WorktreeHead> {
  const where = { gitDir: wg.gitDir, commonDir: wg.commonDir };
  const symbolic = await git(["symbolic-ref", "-q", "HEAD"], { ...where, okExitCodes: [1] });
  const ref = symbolic.exitCode === 0 ? symbolic.stdout.trim() : null;
  const { stdout } = await git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], where);
  return { ref, commit: stdout.trim() };
}

/** Moves what the worktree has checked out from `head.commit` to `to`: its branch in the mirror, or its detached HEAD. */
export async function moveWorktreeHead(wg: WorktreeGit, head: WorktreeHead, to: string): Promise<void> {
  try {
    if (head.ref) await git(["update-ref", head.ref, to, head.commit], { gitDir: wg.commonDir });
    else await git(["update-ref", "--no-deref", "HEAD", to, head.commit], { gitDir: wg.gitDir, commonDir: wg.commonDir });
  } catch (error) {
    if (error instanceof GitError && !error.timedOut && /cannot lock ref|is at .* but expected|unable to resolve reference/.test(error.stderr)) {
      throw new BranchMovedError(head.ref?.replace(/^refs\/heads\//, "") ?? "HEAD");
    }
    throw error;
  }
}
