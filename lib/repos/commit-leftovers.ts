/**
 * O7: what a ticket's run left uncommitted in its worktree is committed by the
 * platform when the run ends, so the pull request holds exactly what the agent
 * changed — through commitWorktree, the same commit as the agent's git_commit.
 */
import { revParse, type GitLocation } from "./git";
import { commitWorktree, NothingToCommitError, type CommitAuthor } from "./commit-worktree";

export { NestedRepositoryError } from "./commit-worktree";

/** Commits every change (new, modified, deleted; not .gitignored) if there is any; returns HEAD afterwards. */
export async function commitLeftovers(where: GitLocation, message: string, author: CommitAuthor): Promise<string> {
  try {
    return (await commitWorktree(where, { message, author })).sha;
  } catch (error) {
    if (error instanceof NothingToCommitError) return revParse(where, "HEAD");
    throw error;
  }
}
