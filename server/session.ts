import "server-only";
/**
 * Who is signed in. The session cookie is next-auth's encrypted JWT; it names
 * the user and a session row (H5: revocable sessions). Every request checks
 * that the session is still active, so signing out ends it everywhere its
 * cookie went.
 *
 * Cost on the hot read path: decrypting a token is cached per token (it is
 * immutable) and the session check per session id for SESSION_TTL_MS, so a
 * cached request does two Map lookups and no query. A sign-out evicts the
 * session in this process at once and in every other process when its NOTIFY
 * arrives (milliseconds); the TTL only bounds the case of a lost notice.
 */
import { decode } from "next-auth/jwt";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { authSecret } from "@/lib/auth/auth-secret";
import { findActiveSession } from "@/lib/auth/find-active-session";
import { getPrisma } from "@/lib/db/client";
import { onAccessChange, watchAccess } from "./access-watch";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** the revocable session this request rides on */
  sessionId: string;
}

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];
const TOKEN_TTL_MS = 30_000;
/** how long another process may take to notice a sign-out if its NOTIFY was lost */
export const SESSION_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface SessionCache {
  tokens: Map<string, { userId: string | null; sessionId: string | null; expires: number }>;
  sessions: Map<string, { user: SessionUser | null; expires: number }>;
  /** bumped on every session notice: a read that overlapped one is not cached */
  epoch: number;
  unwatch: (() => void) | null;
}

// On globalThis: Next may load this module once per route bundle; a sign-out must reach all of them.
const globalForSessions = globalThis as unknown as { gatehouseSessions?: SessionCache };
const cache = (globalForSessions.gatehouseSessions ??= { tokens: new Map(), sessions: new Map(), epoch: 0, unwatch: null });
cache.unwatch ??= onAccessChange((notice) => {
  if (notice.kind !== "session") return;
  cache.epoch += 1;
  cache.sessions.delete(notice.sessionId);
});

function remember<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size > MAX_ENTRIES) map.clear();
  map.set(key, value);
}

function sessionCookie(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && SESSION_COOKIES.includes(part.slice(0, eq))) return decodeURIComponent(part.slice(eq + 1));
  }
  return null;
}

/** The active session's user, or null (revoked, expired, user gone). Cached as described above. */
export async function activeSessionUser(sessionId: string): Promise<SessionUser | null> {
  await watchAccess();
  const now = Date.now();
  const hit = cache.sessions.get(sessionId);
  if (hit && hit.expires > now) return hit.user;
  const epoch = cache.epoch;
  const active = await findActiveSession(await getPrisma(), sessionId);
  const user = active ? { ...active.user, sessionId } : null;
  if (cache.epoch === epoch) remember(cache.sessions, sessionId, { user, expires: now + SESSION_TTL_MS });
  return user;
}

/** The signed-in user behind a Cookie header, or null. */
export async function userFromCookieHeader(header: string | null): Promise<SessionUser | null> {
  const token = sessionCookie(header);
  if (!token) return null;
  const now = Date.now();
  let decoded = cache.tokens.get(token);
  if (!decoded || decoded.expires < now) {
    const jwt = await decode({ token, secret: authSecret() }).catch(() => null);
    const exp = typeof jwt?.exp === "number" ? jwt.exp * 1000 : now + TOKEN_TTL_MS;
    decoded = {
      userId: typeof jwt?.uid === "string" ? jwt.uid : null,
      // A token from before revocable sessions has no session id: it counts as signed out.
      sessionId: typeof jwt?.sid === "string" ? jwt.sid : null,
      expires: Math.min(now + TOKEN_TTL_MS, exp),
    };
    remember(cache.tokens, token, decoded);
  }
  if (!decoded.userId || !decoded.sessionId) return null;
  const user = await activeSessionUser(decoded.sessionId);
  return user && user.id === decoded.userId ? user : null;
}

/** The signed-in user of an API request. */
export function getRequestUser(req: Request): Promise<SessionUser | null> {
  return userFromCookieHeader(req.headers.get("cookie"));
}

/** The signed-in user of a page render, or null. */
export async function getSessionUser(): Promise<SessionUser | null> {
  return userFromCookieHeader((await headers()).get("cookie"));
}

/** For pages: the signed-in user, or a redirect to sign in. */
export async function requireUser(next?: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(next ? `/signin?next=${encodeURIComponent(next)}` : "/signin");
  return user;
}
