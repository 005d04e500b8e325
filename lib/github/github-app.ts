import "server-only";
/**
 * R12, H4: Gatehouse as a GitHub App. On github.com only an app may create
 * check runs, so when the operator configures one (GATEHOUSE_GITHUB_APP_ID and
 * GATEHOUSE_GITHUB_APP_PRIVATE_KEY) the verdict is published with an
 * installation token: the app signs a short-lived RS256 JWT, finds the
 * installation covering a repository (GET /repos/{owner}/{repo}/installation)
 * and exchanges the JWT for an installation token
 * (POST /app/installations/{id}/access_tokens).
 *
 * Installation tokens live an hour; each is kept until shortly before GitHub's
 * `expires_at` and then replaced, and callers asking at once share one
 * exchange. The JWT and the tokens travel only through the fenced fetch, to
 * GATEHOUSE_GITHUB_API_URL and nowhere else; Octokit's log is silent.
 */
import { createHash } from "node:crypto";
import { createAppAuth } from "@octokit/auth-app";
import { Octokit } from "@octokit/rest";
import { env } from "../config/env";
import { credentialKey, gatedFetch, type CredentialStore } from "./credential-state";
import { fencedFetch, SILENT } from "./github-client";

/** A token with less than this left is replaced before use: a publish takes a few calls. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;
/** An installation found for a repository is trusted this long before it is looked up again. */
const INSTALLATION_TTL_MS = 10 * 60_000;
/**
 * "Not installed there" (404) is trusted this long: a repository with neither an
 * installation nor a token would otherwise ask GitHub on every publish. The
 * repository's settings page asks afresh, so installing the app shows at once.
 */
export const NOT_INSTALLED_TTL_MS = 5 * 60_000;

/** Where rate limits of the app's own requests (its JWT) are kept, shared by every worker. */
export interface AppCallOptions {
  store?: CredentialStore;
}

export interface InstallationToken {
  token: string;
  expiresAt: Date;
}

export interface GithubApp {
  /** the app's id as configured (its App ID or Client ID) */
  readonly appId: string;
  /** the installation covering `owner/repo`; null when the app is not installed there (`fresh`: ask GitHub even if "not installed" is cached) */
  findInstallation(owner: string, repo: string, options?: AppCallOptions & { fresh?: boolean }): Promise<number | null>;
  /** a token of that installation with more than the refresh margin left */
  installationToken(installationId: number, options?: AppCallOptions): Promise<InstallationToken>;
  /** drops what is known about an installation (GitHub refused its token, or it was removed) */
  forget(installationId: number): void;
}

let current: { key: string; app: GithubApp } | null = null;

/** The configured GitHub App, or null when the operator configured none. */
export function githubApp(): GithubApp | null {
  const config = env();
  const appId = config.GATEHOUSE_GITHUB_APP_ID;
  const privateKey = config.GATEHOUSE_GITHUB_APP_PRIVATE_KEY;
  if (!appId || !privateKey) return null;
  const base = config.GATEHOUSE_GITHUB_API_URL;
  // A changed configuration starts afresh: no token of another app or API is reused.
  const key = createHash("sha256").update(`${appId}\n${base}\n${privateKey}`).digest("hex");
  if (current?.key !== key) current = { key, app: makeApp(appId, privateKey, base) };
  return current.app;
}

/** Whether a GitHub App is configured (no network). */
export function githubAppConfigured(): boolean {
  const config = env();
  return Boolean(config.GATEHOUSE_GITHUB_APP_ID && config.GATEHOUSE_GITHUB_APP_PRIVATE_KEY);
}

function makeApp(appId: string, privateKey: string, baseUrl: string): GithubApp {
  const octokit = new Octokit({
    authStrategy: createAppAuth,
    auth: { appId: /^\d+$/.test(appId) ? Number(appId) : appId, privateKey },
    baseUrl,
    userAgent: "Gatehouse",
    log: SILENT,
    request: { fetch: fencedFetch(baseUrl), retries: 0 },
  });
  const installations = new Map<string, { id: number | null; until: number }>();
  const tokens = new Map<number, InstallationToken>();
  const pending = new Map<number, Promise<InstallationToken>>();
  const fenced = fencedFetch(baseUrl);
  // R12: the app's JWT is a credential of its own; with a store its rate limits hold every worker's JWT calls.
  const request = (options?: AppCallOptions) => ({ fetch: options?.store ? gatedFetch(fenced, options.store, credentialKey({ kind: "app", appId })) : fenced });

  return {
    appId,

    async findInstallation(owner, repo, options) {
      const name = `${owner}/${repo}`.toLowerCase();
      const known = installations.get(name);
      if (known && known.until > Date.now() && !(options?.fresh && known.id === null)) return known.id;
      try {
        // Routes under /repos/{owner}/{repo}/installation are signed with the app's JWT by auth-app.
        const { data } = await octokit.rest.apps.getRepoInstallation({ owner, repo, request: request(options) });
        installations.set(name, { id: data.id, until: Date.now() + INSTALLATION_TTL_MS });
        return data.id;
      } catch (error) {
        // Not installed there (or not on that repository): remembered for a while, so publishing does not ask each time.
        if ((error as { status?: number }).status === 404) {
          installations.set(name, { id: null, until: Date.now() + NOT_INSTALLED_TTL_MS });
          return null;
        }
        throw error;
      }
    },

    async installationToken(installationId, options) {
      const cached = tokens.get(installationId);
      if (cached && cached.expiresAt.getTime() - Date.now() > TOKEN_REFRESH_MARGIN_MS) return cached;
      const inFlight = pending.get(installationId);
      if (inFlight) return inFlight;
      const exchange = (async () => {
        // Signed with the app's JWT by auth-app's hook; asked directly so the call goes through the app's gate.
        const { data } = await octokit.request("POST /app/installations/{installation_id}/access_tokens", { installation_id: installationId, request: request(options) });
        const fresh = { token: data.token, expiresAt: new Date(data.expires_at) };
        tokens.set(installationId, fresh);
        return fresh;
      })().finally(() => pending.delete(installationId));
      pending.set(installationId, exchange);
      return exchange;
    },

    forget(installationId) {
      tokens.delete(installationId);
      for (const [name, known] of installations) if (known.id === installationId) installations.delete(name);
    },
  };
}
