import "server-only";
import { getServerSession } from "next-auth";
import { decode } from "next-auth/jwt";
import { authSecret } from "@/lib/auth/auth-secret";
import { redirect } from "next/navigation";
import { getPrisma } from "@/lib/db/client";
import { authOptions } from "./auth-options";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** The signed-in user, or null. A session for a deleted user counts as none. */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions());
  const id = (session?.user as { id?: string } | undefined)?.id;
  if (!id) return null;
  const user = await (await getPrisma()).user.findUnique({ where: { id }, select: { id: true, email: true, name: true } });
  return user;
}

/** For pages: the signed-in user, or a redirect to sign in. */
export async function requireUser(next?: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(next ? `/signin?next=${encodeURIComponent(next)}` : "/signin");
  return user;
}

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];
const TOKEN_TTL_MS = 30_000;
const USER_TTL_MS = 5_000;
const tokens = new Map<string, { userId: string | null; expires: number }>();
const users = new Map<string, { user: SessionUser | null; expires: number }>();

function sessionCookie(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && SESSION_COOKIES.includes(part.slice(0, eq))) return decodeURIComponent(part.slice(eq + 1));
  }
  return null;
}

function remember<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size > 10_000) map.clear();
  map.set(key, value);
}

/**
 * The signed-in user of an API request. Same session as getSessionUser, read
 * straight from the cookie: decrypting the token costs more than the rest of a
 * read request, so a decoded token is remembered briefly (it is immutable), and
 * the user row for a few seconds.
 */
export async function getRequestUser(req: Request): Promise<SessionUser | null> {
  const token = sessionCookie(req.headers.get("cookie"));
  if (!token) return null;
  const now = Date.now();
  let decoded = tokens.get(token);
  if (!decoded || decoded.expires < now) {
    const jwt = await decode({ token, secret: authSecret() }).catch(() => null);
    const exp = typeof jwt?.exp === "number" ? jwt.exp * 1000 : now + TOKEN_TTL_MS;
    decoded = { userId: typeof jwt?.uid === "string" ? jwt.uid : null, expires: Math.min(now + TOKEN_TTL_MS, exp) };
    remember(tokens, token, decoded);
  }
  if (!decoded.userId) return null;
  let known = users.get(decoded.userId);
  if (!known || known.expires < now) {
    const user = await (await getPrisma()).user.findUnique({ where: { id: decoded.userId }, select: { id: true, email: true, name: true } });
    known = { user, expires: now + USER_TTL_MS };
    remember(users, decoded.userId, known);
  }
  return known.user;
}
