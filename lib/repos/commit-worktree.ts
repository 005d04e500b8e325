/**
 * Records a worktree's changes as one commit: the one way Gatehouse commits in
 * a worktree, for an agent's git_commit, a ticket's leftovers (O7) and a
 * person's "Commit" in a room. git reads the worktree through Gatehouse's
 * records (H2), hooks never run (the mirror's hooksPath is /dev/null and
 * --no-verify), the message reaches git on stdin (`-F -`), never through a
 * shell or as an option, and a nested repository is refused rather than
 * recorded as a gitlink to whatever its `.git` names.
 */
import { git, type GitLocation } from "./git";

export class NestedRepositoryError extends Error {}
export class NothingToCommitError extends Error {}

export interface CommitAuthor {
  name: string;
  email: string;
}

export interface CommitRequest {
  message: string;
  author: CommitAuthor;
  /** literal pathspecs (lib/repos/git.ts literalPathspec); none = every change (new, modified, deleted; not .gitignored) */
  paths?: string[];
}

export interface MadeCommit {
  sha: string;
  subject: string;
}

/** Commits the changes; throws NothingToCommitError when there are none (in those paths). */
export async function commitWorktree(where: GitLocation & { signal?: AbortSignal }, request: CommitRequest): Promise<MadeCommit> {
  const specs = request.paths ?? [];
  await git(["add", "-A", "--", ...specs], where);
  const nested = await stagedGitlinks(where, specs);
  if (nested.length > 0) {
    await git(["reset", "--quiet"], where);
    throw new NestedRepositoryError(
      `nothing was committed: ${nested.slice(0, 5).join(", ")} ${nested.length === 1 ? "is a nested git repository" : "are nested git repositories"}; ` +
        "remove its .git (or commit its files in this repository instead)",
    );
  }
  // exit 1 = staged changes exist (restricted to the paths, when given)
  const staged = await git(["diff", "--cached", "--quiet", "--", ...specs], { ...where, okExitCodes: [1] });
  if (staged.exitCode === 0) throw new NothingToCommitError("nothing to commit: the worktree has no changes" + (specs.length ? " in those paths" : ""));
  const { name, email } = request.author;
  const env = { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
  await git(["commit", "--no-verify", "--no-edit", "--cleanup=whitespace", "-F", "-", "--", ...specs], { ...where, input: request.message, env });
  const { stdout } = await git(["log", "-1", "--format=%H %s"], where);
  const [sha = "", ...subject] = stdout.trim().split(" ");
  return { sha, subject: subject.join(" ") };
}

/** Paths staged as gitlinks (mode 160000): what `git add` makes of a nested repository. */
async function stagedGitlinks(where: GitLocation & { signal?: AbortSignal }, specs: string[]): Promise<string[]> {
  const { stdout } = await git(["diff", "--cached", "--raw", "--no-renames", "-z", "--", ...specs], where);
  const fields = stdout.split("\0");
  const found: string[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const meta = fields[i]!.split(" ");
    if (meta[1] === "160000") found.push(fields[i + 1]!);
  }
  return found;
}
