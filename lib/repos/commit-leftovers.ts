/**
 * O7: what a ticket's run left uncommitted in its worktree is committed by the
 * platform when the run ends, so the pull request holds exactly what the agent
 * changed. Same rules as the agent's git_commit: git reads the worktree through
 * Gatehouse's records (H2), hooks never run (the mirror's hooksPath is
 * /dev/null and --no-verify), and a nested repository is refused rather than
 * recorded as a gitlink to whatever its `.git` names.
 */
import { git, revParse, type GitLocation } from "./git";

export class NestedRepositoryError extends Error {}

export interface CommitAuthor {
  name: string;
  email: string;
}

/** Commits every change (new, modified, deleted; not .gitignored) if there is any; returns HEAD afterwards. */
export async function commitLeftovers(where: GitLocation, message: string, author: CommitAuthor): Promise<string> {
  await git(["add", "-A"], where);
  const { stdout } = await git(["diff", "--cached", "--raw", "--no-renames", "-z"], where);
  const fields = stdout.split("\0");
  const nested: string[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i]!.split(" ")[1] === "160000") nested.push(fields[i + 1]!);
  if (nested.length > 0) {
    await git(["reset", "--quiet"], where);
    throw new NestedRepositoryError(`${nested.slice(0, 5).join(", ")} ${nested.length === 1 ? "is a nested git repository" : "are nested git repositories"}; nothing was committed`);
  }
  const staged = await git(["diff", "--cached", "--quiet"], { ...where, okExitCodes: [1] });
  if (staged.exitCode === 1) {
    const env = { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email };
    await git(["commit", "--no-verify", "--no-edit", "--cleanup=whitespace", "-F", "-"], { ...where, input: message, env });
  }
  return revParse(where, "HEAD");
}
