/**
 * R12, H4: what a failed call to GitHub means for the publish — try again
 * later (the API or the network is down, or a rate limit asks to wait) or give
 * up and show why (the token is refused, lacks permission, the input is
 * invalid). Reasons are Gatehouse's own words with GitHub's status; GitHub's
 * response body is never echoed, so nothing it sent back (or a token it
 * reflected) reaches the room, the logs or the API.
 */
import { GithubDestinationError } from "../github/github-client";

export interface PublishFailure {
  retry: boolean;
  reason: string;
  /** GitHub asked to wait at least this long (retry-after, or a rate limit's reset) */
  waitMs?: number;
}

interface HttpErrorLike {
  status?: unknown;
  response?: { headers?: Record<string, string | number | undefined> };
  cause?: unknown;
}

/** What the failed call was made with: the GitHub App (its JWT or an installation token) or the repository's token. */
export type GithubCredentialKind = "app" | "token";

export function classifyGithubError(error: unknown, what: string, via: GithubCredentialKind = "token"): PublishFailure {
  const e = (error ?? {}) as HttpErrorLike;
  if (error instanceof GithubDestinationError || e.cause instanceof GithubDestinationError) {
    return { retry: false, reason: ((e.cause as Error | undefined) ?? (error as Error)).message };
  }
  const status = typeof e.status === "number" ? e.status : null;
  if (status === null) return { retry: true, reason: `Publishing stopped unexpectedly while trying to ${what}.` };
  // Octokit reports a connection that failed (no answer at all) as a 500 without a response.
  const headers = e.response?.headers;
  if (!headers) return { retry: true, reason: `GitHub could not be reached to ${what}.` };
  const wait = waitFrom(headers);
  if (status === 429 || (status === 403 && (wait !== undefined || headers["x-ratelimit-remaining"] === "0"))) {
    return { retry: true, reason: `GitHub's rate limit (${status}) deferred the call to ${what}.`, ...(wait !== undefined ? { waitMs: wait } : {}) };
  }
  if (status >= 500) return { retry: true, reason: `GitHub answered ${status} to the call to ${what}.` };
  if (status === 401 && via === "app") {
    return { retry: false, reason: `GitHub refused the GitHub App's credentials (401) when trying to ${what}. Check GATEHOUSE_GITHUB_APP_ID and GATEHOUSE_GITHUB_APP_PRIVATE_KEY, and that the app is still installed on the repository.` };
  }
  if (status === 401) return { retry: false, reason: "GitHub refused the repository's token (401). Set a new token in the repository settings." };
  if (status === 403 && via === "token" && /check run/.test(what)) {
    // GitHub lets only GitHub Apps write check runs; a personal access token (classic or fine-grained) gets 403.
    return {
      retry: false,
      reason: `GitHub refused to ${what} (403): only a GitHub App may create or update check runs, and this repository publishes with a personal access token. Configure a GitHub App (GATEHOUSE_GITHUB_APP_ID and GATEHOUSE_GITHUB_APP_PRIVATE_KEY, with checks:write) and install it on the repository.`,
    };
  }
  if (status === 403 && via === "app") {
    return {
      retry: false,
      reason: `GitHub refused to ${what} (403): the GitHub App lacks permission. Give it checks:write, pull_requests:write and contents:read, and accept the new permissions on the installation.`,
    };
  }
  if (status === 403) {
    return {
      retry: false,
      reason: `GitHub refused to ${what} (403): the token lacks permission. Check runs need a GitHub App token with checks:write; review comments need pull_requests:write.`,
    };
  }
  if (status === 404 && via === "app") return { retry: false, reason: `GitHub answered 404 to the call to ${what}: the repository name is wrong, or the GitHub App's installation does not include it.` };
  if (status === 404) return { retry: false, reason: `GitHub answered 404 to the call to ${what}: the repository name is wrong, or the token cannot see it.` };
  if (status === 422) return { retry: false, reason: `GitHub refused the call to ${what} as invalid (422).` };
  return { retry: false, reason: `GitHub answered ${status} to the call to ${what}.` };
}

/** retry-after (seconds), or the reset time of an exhausted rate limit. */
function waitFrom(headers: Record<string, string | number | undefined>): number | undefined {
  const after = Number(headers["retry-after"]);
  if (Number.isFinite(after) && after >= 0) return after * 1000;
  if (String(headers["x-ratelimit-remaining"]) === "0") {
    const reset = Number(headers["x-ratelimit-reset"]);
    if (Number.isFinite(reset)) return Math.max(0, reset * 1000 - Date.now());
  }
  return undefined;
}
