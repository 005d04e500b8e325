import "server-only";
/**
 * Issue 24: git against the refs server — a fetch of rooms' refs or a push of
 * a room's work, from one of Gatehouse's own mirrors, through the one git
 * wrapper. The URL carries the repository's credentials, so it is allowed only
 * its own protocol and scrubbed out of any error that mentions it.
 */
import { git } from "../repos/git";
import { refsRemoteUrl, scrubRefsUrl } from "./refs-remote";

export async function gitWithRefsServer(
  mirror: string,
  repositoryId: string,
  args: (url: string) => string[],
  options: { timeoutMs: number; failure?: string },
): Promise<void> {
  const url = refsRemoteUrl(repositoryId);
  try {
    await git(args(url), { gitDir: mirror, protocols: [new URL(url).protocol === "https:" ? "https" : "http"], timeoutMs: options.timeoutMs });
  } catch (error) {
    const message = scrubRefsUrl((error as Error).message);
    throw new Error(options.failure ? `${options.failure}: ${message}` : message);
  }
}

/** Fetches the refs under `prefix` (e.g. refs/gatehouse/rooms/) from the refs server into the mirror. */
export function fetchFromRefsServer(mirror: string, repositoryId: string, prefix: string, failure: string): Promise<void> {
  return gitWithRefsServer(
    mirror,
    repositoryId,
    (url) => ["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--no-recurse-submodules", "--end-of-options", url, `+${prefix}*:${prefix}*`],
    { timeoutMs: 120_000, failure },
  );
}
