import "server-only";
/**
 * R12: what GitHub said about one credential, shared by every worker and
 * process through the database (GithubCredentialState).
 *
 * - A rate limit belongs to the credential — an App installation, the App's
 *   JWT, or a repository's token — not to the pull request whose request hit
 *   it. Once GitHub asks to wait (a secondary limit's `retry-after`, an
 *   exhausted limit's reset, or at least a minute when it says neither), no
 *   request with that credential is sent until the time has passed: GitHub
 *   may ban an integration that keeps sending.
 * - A token GitHub refused check runs (only Apps may write them) is not asked
 *   again on every verdict; the refusal is remembered for a while, and a
 *   person's retry asks again.
 *
 * Tokens are never stored: a token's key is a hash of it.
 */
import { createHash } from "node:crypto";
import type { PrismaClient } from "../db/generated/client";

export type CredentialStore = Pick<PrismaClient, "githubCredentialState" | "$executeRaw">;

/** A credential as GitHub counts it. */
export type CredentialRef = { kind: "installation"; installationId: number } | { kind: "token"; token: string } | { kind: "app"; appId: string };

/** Without a retry-after or a reset time, GitHub asks integrations to wait at least a minute. */
export const DEFAULT_HOLD_MS = 60_000;
/** How long a token's refused check runs are not asked for again. */
export const CHECK_RUN_REFUSAL_MS = 24 * 3_600_000;

export function credentialKey(ref: CredentialRef): string {
  if (ref.kind === "installation") return `installation:${ref.installationId}`;
  if (ref.kind === "app") return `app:${ref.appId}`;
  return `token:${createHash("sha256").update(ref.token).digest("hex").slice(0, 32)}`;
}

/** A request GitHub's rate limit forbids sending yet: nothing was sent. */
export class CredentialHeld extends Error {
  constructor(
    readonly key: string,
    readonly until: Date,
  ) {
    super(`GitHub asked Gatehouse to wait until ${until.toISOString()} before using this credential again.`);
    this.name = "CredentialHeld";
  }
}

/** The credential's hold that stopped a request before it was sent, however Octokit wrapped what fetch threw. */
export function heldBy(error: unknown): CredentialHeld | null {
  if (error instanceof CredentialHeld) return error;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof CredentialHeld ? cause : null;
}

/** When the credential may be used again, or null when it may be used now. */
export async function heldUntil(store: CredentialStore, key: string, now = new Date()): Promise<Date | null> {
  const row = await store.githubCredentialState.findUnique({ where: { key }, select: { holdUntil: true } });
  return row?.holdUntil && row.holdUntil > now ? row.holdUntil : null;
}

/** Holds the credential until `until`, never shortening a longer hold already recorded (one statement: workers race). */
export async function holdCredential(store: CredentialStore, key: string, until: Date, reason: string): Promise<void> {
  await store.$executeRaw`
    INSERT INTO "GithubCredentialState" ("key", "holdUntil", "holdReason", "updatedAt") VALUES (${key}, ${until}, ${reason}, now())
    ON CONFLICT ("key") DO UPDATE SET
      "holdUntil" = GREATEST(COALESCE("GithubCredentialState"."holdUntil", EXCLUDED."holdUntil"), EXCLUDED."holdUntil"),
      "holdReason" = EXCLUDED."holdReason", "updatedAt" = now()`;
}

/**
 * How long GitHub asked to wait, from a response: null when the response is
 * not a rate limit. `rateLimitText` says the body named a rate limit (a
 * secondary limit without retry-after).
 */
export function rateLimitWait(status: number, headers: { get(name: string): string | null }, rateLimitText = false, now = Date.now()): number | null {
  if (status !== 403 && status !== 429) return null;
  const after = Number(headers.get("retry-after") ?? NaN);
  if (Number.isFinite(after) && after >= 0) return after * 1000;
  if (headers.get("x-ratelimit-remaining") === "0") {
    const reset = Number(headers.get("x-ratelimit-reset") ?? NaN);
    return Number.isFinite(reset) ? Math.max(0, reset * 1000 - now) : DEFAULT_HOLD_MS;
  }
  return status === 429 || rateLimitText ? DEFAULT_HOLD_MS : null;
}

/**
 * A fetch that honours the credential's hold before sending and records a
 * hold when GitHub answers with a rate limit.
 */
export function gatedFetch(inner: typeof fetch, store: CredentialStore, key: string): typeof fetch {
  return async (input, init) => {
    const until = await heldUntil(store, key);
    if (until) throw new CredentialHeld(key, until);
    const response = await inner(input, init);
    if (response.status === 403 || response.status === 429) {
      // A secondary limit may come without headers; its message says so (read, never repeated).
      const text = response.headers.get("retry-after") === null ? await response.clone().text().catch(() => "") : "";
      const wait = rateLimitWait(response.status, response.headers, /rate limit/i.test(text));
      if (wait !== null) await holdCredential(store, key, new Date(Date.now() + wait), `GitHub's rate limit (${response.status})`);
    }
    return response;
  };
}

/** Whether GitHub refused this token check runs recently. */
export async function checkRunsRefused(store: CredentialStore, key: string, now = new Date()): Promise<boolean> {
  const row = await store.githubCredentialState.findUnique({ where: { key }, select: { checkRunsRefusedUntil: true } });
  return Boolean(row?.checkRunsRefusedUntil && row.checkRunsRefusedUntil > now);
}

export async function rememberCheckRunsRefused(store: CredentialStore, key: string): Promise<void> {
  const until = new Date(Date.now() + CHECK_RUN_REFUSAL_MS);
  await store.$executeRaw`
    INSERT INTO "GithubCredentialState" ("key", "checkRunsRefusedUntil", "updatedAt") VALUES (${key}, ${until}, now())
    ON CONFLICT ("key") DO UPDATE SET "checkRunsRefusedUntil" = EXCLUDED."checkRunsRefusedUntil", "updatedAt" = now()`;
}

/** A person asked to publish again: the next publish asks GitHub again instead of trusting the remembered refusal. */
export async function forgetCheckRunsRefused(store: CredentialStore, key: string): Promise<void> {
  await store.githubCredentialState.updateMany({ where: { key }, data: { checkRunsRefusedUntil: null } });
}
