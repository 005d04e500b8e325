import "server-only";
/**
 * next-auth (v4, JWT sessions): email + password always; GitHub when
 * GITHUB_ID and GITHUB_SECRET are set. The session carries our user id.
 */
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { z } from "zod";
import { authSecret } from "@/lib/auth/auth-secret";
import { verifyPassword } from "@/lib/auth/password";
import { upsertGithubUser } from "@/lib/auth/upsert-github-user";
import { env } from "@/lib/config/env";
import { getPrisma } from "@/lib/db/client";

const credentials = z.object({ email: z.string().trim().toLowerCase().email(), password: z.string().min(1).max(200) });

export function githubEnabled(): boolean {
  const { GITHUB_ID, GITHUB_SECRET } = env();
  return Boolean(GITHUB_ID && GITHUB_SECRET);
}

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: 30 * 24 * 3600 },
    pages: { signIn: "/signin" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(raw) {
          const parsed = credentials.safeParse(raw);
          if (!parsed.success) return null;
          const prisma = await getPrisma();
          const user = await prisma.user.findUnique({ where: { email: parsed.data.email } });
          if (!user?.passwordHash || !(await verifyPassword(parsed.data.password, user.passwordHash))) return null;
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
      ...(githubEnabled()
        ? [GitHubProvider({ clientId: env().GITHUB_ID!, clientSecret: env().GITHUB_SECRET! })]
        : []),
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
        } else if (user) {
          token.uid = user.id;
        }
        return token;
      },
      async session({ session, token }) {
        if (session.user && typeof token.uid === "string") (session.user as { id?: string }).id = token.uid;
        return session;
      },
    },
  };
}
