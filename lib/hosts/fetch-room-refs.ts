import "server-only";
/**
 * Issue 24: mirrors are per host, so a commit made on another host (a
 * ticket's branch, a room's work) is not in this host's mirror until fetched.
 * Before a host reads such a commit — merging a pull request, checking out a
 * head for the review axes — it fetches the rooms' refs of that repository
 * from the refs server when its mirror lacks the commit.
 */
import { git } from "../repos/git";
import { hasCommit } from "../repos/pull-git";
import { refsConfigured, refsRemoteUrl, scrubRefsUrl } from "./refs-remote";

const ROOMS = "refs/gatehouse/rooms/";

export async function ensureCommitHere(mirror: string, repositoryId: string, sha: string): Promise<void> {
  if (!refsConfigured() || (await hasCommit(mirror, sha))) return;
  const url = refsRemoteUrl(repositoryId);
  try {
    await git(["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--no-recurse-submodules", "--end-of-options", url, `+${ROOMS}*:${ROOMS}*`], {
      gitDir: mirror,
      protocols: [new URL(url).protocol === "https:" ? "https" : "http"],
      timeoutMs: 120_000,
    });
  } catch (error) {
    throw new Error(`fetching the rooms' refs failed: ${scrubRefsUrl((error as Error).message)}`);
  }
}
