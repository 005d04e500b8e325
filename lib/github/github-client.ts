import "server-only";
/**
 * R12, H4: the GitHub REST client a repository's token is used with. The token
 * goes to the operator's GitHub API (GATEHOUSE_GITHUB_API_URL) and nowhere
 * else: every request, every redirect hop and every URL the API hands back
 * (pagination links) is checked against that base before anything is sent,
 * so neither a repository's settings nor an answer from the API can carry the
 * token to another host. Octokit's own retries are off: the queue retries a
 * whole publish with backoff (lib/publish), and its log is silent.
 */
import { Octokit } from "@octokit/rest";
import { env } from "../config/env";
import { tracedFetch } from "../telemetry/traced-fetch";
import { gatedFetch, type CredentialStore } from "./credential-state";

/** A request the fence refused before sending it. */
export class GithubDestinationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GithubDestinationError";
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;
/** Octokit logs nothing: its messages can carry what GitHub answered. */
export const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

/** The configured API base, without trailing slashes. */
export function githubApiBase(): string {
  return env().GATEHOUSE_GITHUB_API_URL;
}

/**
 * A fetch that sends only to URLs under `base` (same origin, path under the
 * base's path) and follows a redirect only to another URL under it. Each
 * request (its redirects included) is an HTTP client span when tracing is on.
 */
export function fencedFetch(base: string, inner: typeof fetch = fetch): typeof fetch {
  const root = new URL(`${base.replace(/\/+$/, "")}/`);
  const inside = (url: URL) => url.origin === root.origin && (url.pathname.startsWith(root.pathname) || `${url.pathname}/` === root.pathname);
  return tracedFetch(async (input, init) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    for (let hop = 0; ; hop++) {
      if (!inside(url)) {
        throw new GithubDestinationError(
          `A request to ${url.origin} was refused unsent: repository tokens go only to the GitHub API the operator configured (GATEHOUSE_GITHUB_API_URL).`,
        );
      }
      const response = await inner(url, { ...init, redirect: "manual" });
      const location = response.headers.get("location");
      if (!REDIRECTS.has(response.status) || !location) return response;
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new GithubDestinationError(`The GitHub API redirected more than ${MAX_REDIRECTS} times.`);
      url = new URL(location, url);
    }
  });
}

/**
 * An Octokit for one token, bound to the configured API. With a gate, every
 * request first honours the credential's rate-limit hold and a rate limit
 * GitHub answers is recorded for every worker (credential-state.ts).
 */
export function githubClient(token: string, gate?: { store: CredentialStore; key: string }): Octokit {
  const baseUrl = githubApiBase();
  const fenced = fencedFetch(baseUrl);
  return new Octokit({
    auth: token,
    baseUrl,
    userAgent: "Gatehouse",
    log: SILENT,
    request: { fetch: gate ? gatedFetch(fenced, gate.store, gate.key) : fenced, retries: 0 },
  });
}

export type GithubClient = Octokit;
