import "server-only";
/**
 * next-auth's double-submit CSRF token, made for the sign-in page so its form
 * works as a plain POST before (or without) JavaScript (H5). Same format and
 * cookie as next-auth 4 (`core/lib/csrf-token`): the cookie holds
 * "<token>|sha256(<token><secret>)" and the form posts <token>; next-auth's
 * callback checks them against each other.
 */
import { createHash, randomBytes } from "node:crypto";
import { authSecret } from "@/lib/auth/auth-secret";
import { env } from "@/lib/config/env";

/** Set by proxy.ts on the sign-in page's request for the page to read (a client's own value is dropped). */
export const CSRF_HEADER = "x-gatehouse-csrf";

export function csrfCookieName(): string {
  return env().NEXTAUTH_URL?.startsWith("https://") ? "__Host-next-auth.csrf-token" : "next-auth.csrf-token";
}

function hashOf(token: string): string {
  return createHash("sha256").update(`${token}${authSecret()}`).digest("hex");
}

/** The token for this browser: its valid cookie's, or a new one with the cookie to set. */
export function csrfTokenFor(cookieValue: string | undefined): { token: string; cookie: string | null } {
  if (cookieValue) {
    const [token, hash] = cookieValue.split("|");
    if (token && hash === hashOf(token)) return { token, cookie: null };
  }
  const token = randomBytes(32).toString("hex");
  return { token, cookie: `${token}|${hashOf(token)}` };
}
