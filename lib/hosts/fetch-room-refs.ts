import "server-only";
/**
 * Issue 24: mirrors are per host, so a commit made on another host (a
 * ticket's branch, a room's work) is not in this host's mirror until fetched.
 * Before a host reads such a commit — merging a pull request, checking out a
 * head for the review axes — it fetches the rooms' refs of that repository
 * from the refs server when its mirror lacks the commit.
 */
import { hasCommit } from "../repos/pull-git";
import { fetchFromRefsServer } from "./refs-git";
import { refsConfigured } from "./refs-remote";

const ROOMS = "refs/gatehouse/rooms/";

export async function ensureCommitHere(mirror: string, repositoryId: string, sha: string): Promise<void> {
  if (!refsConfigured() || (await hasCommit(mirror, sha))) return;
  await fetchFromRefsServer(mirror, repositoryId, ROOMS, "fetching the rooms' refs failed");
}
