import "server-only";
/**
 * next-auth (v4, JWT sessions): email + password always; GitHub when
 * GITHUB_ID and GITHUB_SECRET are set. The session carries our user id and a
 * revocable session id (H5): sign-in creates the session row, sign-out
 * revokes it, and a token whose session is gone is refused.
 */
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { z } from "zod";
import { announceLocally } from "./access-watch";
import { clientAddress } from "./client-address";
import { bootFinished } from "./boot-ready";
import { activeSessionUser } from "./session";
import { authSecret } from "@/lib/auth/auth-secret";
import { authorizePassword } from "@/lib/auth/authorize-password";
import { createSession } from "@/lib/auth/create-session";
import { revokeSession } from "@/lib/auth/revoke-session";
import { upsertGithubUser } from "@/lib/auth/upsert-github-user";
import { env } from "@/lib/config/env";
import { getPrisma } from "@/lib/db/client";

const credentials = z.object({ email: z.string().trim().toLowerCase().email(), password: z.string().min(1).max(200) });

const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

/**
 * Error codes next-auth passes to the sign-in page (`?error=`) and to
 * `signIn()`; the form turns them into sentences.
 */
export const SIGN_IN_ERRORS = {
  limited: "TooManyAttempts",
  revoked: "SessionRevoked",
  unavailable: "ServerUnavailable",
} as const;

export function githubEnabled(): boolean {
  const { GITHUB_ID, GITHUB_SECRET } = env();
  return Boolean(GITHUB_ID && GITHUB_SECRET);
}

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    // Every failure lands on our sign-in page, which explains it (?error=…).
    pages: { signIn: "/signin", error: "/signin" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(raw, req) {
          const parsed = credentials.safeParse(raw);
          if (!parsed.success) return null;
          // The demo user exists once the boot has seeded it (in development it runs beside the first page).
          // A failed boot's own message stays in the server's log: next-auth puts a thrown message in the URL.
          await bootFinished().catch(() => {
            throw new Error(SIGN_IN_ERRORS.unavailable);
          });
          const result = await authorizePassword(await getPrisma(), { ...parsed.data, address: clientAddress(req?.headers) });
          if (result.ok) return result.user;
          if (result.reason === "limited") throw new Error(SIGN_IN_ERRORS.limited);
          return null;
        },
      }),
      ...(githubEnabled() ? [GitHubProvider({ clientId: env().GITHUB_ID!, clientSecret: env().GITHUB_SECRET! })] : []),
    ],
    callbacks: {
      async jwt({ token, user, account, profile }) {
        if (account?.provider === "github" && profile) {
          const gh = profile as { id?: number | string; email?: string | null; name?: string | null; login?: string };
          const ours = await upsertGithubUser(await getPrisma(), {
            githubId: String(gh.id),
            email: gh.email ?? token.email ?? null,
            name: gh.name ?? gh.login ?? "GitHub user",
          });
          token.uid = ours.id;
          token.sid = await createSession(await getPrisma(), ours.id, SESSION_MAX_AGE_SECONDS);
        } else if (user) {
          token.uid = user.id;
          token.sid = await createSession(await getPrisma(), user.id, SESSION_MAX_AGE_SECONDS);
        } else {
          // Every later read of the session (/api/auth/session) re-checks it: a revoked one clears the cookie.
          const active = typeof token.sid === "string" ? await activeSessionUser(token.sid) : null;
          if (!active || active.id !== token.uid) throw new Error(SIGN_IN_ERRORS.revoked);
        }
        return token;
      },
      async session({ session, token }) {
        if (session.user && typeof token.uid === "string") (session.user as { id?: string }).id = token.uid;
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        const sessionId = (token as { sid?: unknown } | null)?.sid;
        if (typeof sessionId !== "string") return;
        await revokeSession(await getPrisma(), sessionId);
        announceLocally({ kind: "session", sessionId });
      },
    },
    logger: {
      error(code, metadata) {
        // A revoked session read by an old tab is expected, not an error worth a stack trace.
        const message = (metadata as { message?: string } | undefined)?.message ?? (metadata as { error?: Error } | undefined)?.error?.message;
        if (code === "JWT_SESSION_ERROR" && message === SIGN_IN_ERRORS.revoked) return;
        console.error(`[next-auth][error][${code}]`, metadata);
      },
      warn(code) {
        console.warn(`[next-auth][warn][${code}]`);
      },
      debug() {},
    },
  };
}
