import "server-only";
/**
 * O7: what a ticket's run left uncommitted in its worktree is committed by the
 * platform when the run ends, so the pull request holds exactly what the agent
 * changed — through commitWorktree, the same commit as the agent's git_commit
 * (H6: staged in the sandbox, recorded on the host from objects).
 */
import { commitWorktree, NothingToCommitError, type CommitAuthor } from "./commit-worktree";
import type { WorktreeOnRecord } from "./sandbox-git-step";
import { readWorktreeHead } from "./worktree-head";

export { NestedRepositoryError } from "./nested-repository";

/** Commits every change (new, modified, deleted; not .gitignored) if there is any; returns HEAD afterwards. */
export async function commitLeftovers(worktree: WorktreeOnRecord, message: string, author: CommitAuthor): Promise<string> {
  try {
    return (await commitWorktree(worktree, { message, author })).sha;
  } catch (error) {
    if (error instanceof NothingToCommitError) return (await readWorktreeHead(worktree.git)).commit;
    throw error;
  }
}
