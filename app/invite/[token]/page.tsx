import type { Metadata } from "next";
import Link from "next/link";
import { getPrisma } from "@/lib/db/client";
import { inviteRefusal, peekInvite } from "@/lib/invites/accept-invite";
import { getSessionUser } from "@/server/session";
import { AcceptInviteButton } from "./accept-invite-button";

export const metadata: Metadata = { title: "Invitation · Gatehouse" };

/**
 * An invite link. Signed out, it offers sign-up or sign-in and brings the
 * person back here; signed in, one button joins. A link that no longer works
 * says so without naming the workspace — and, when its creator can no longer
 * give its role (H3), says that.
 */
export default async function InvitePage({ params }: Readonly<{ params: Promise<{ token: string }> }>) {
  const { token } = await params;
  const prisma = await getPrisma();
  const invite = await peekInvite(prisma, token);
  const refusal = invite ? null : await inviteRefusal(prisma, token);
  const user = await getSessionUser();
  const here = `/invite/${encodeURIComponent(token)}`;
  // An invite bound to an address prefills it: the invitee signs up (or in) with the address it was sent to.
  const withEmail = (page: string) => `${page}?${new URLSearchParams({ next: here, ...(invite?.email ? { email: invite.email } : {}) })}`;
  return (
    <main id="main" className="mx-auto mt-16 max-w-md rounded-lg border border-zinc-200 p-6 dark:border-zinc-800">
      {invite ? (
        <>
          <h1 className="text-lg font-semibold">Join {invite.workspaceName}</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            You are invited as {invite.role === "admin" || invite.role === "owner" ? "an" : "a"} <strong>{invite.role}</strong>
            {invite.email ? <> (for {invite.email})</> : null}.
          </p>
          {user ? (
            <div className="mt-4">
              <p className="mb-3 text-sm">Signed in as {user.email}.</p>
              <AcceptInviteButton token={token} />
            </div>
          ) : (
            <div className="mt-4 flex flex-wrap gap-3 text-sm">
              <Link href={withEmail("/signup")} data-testid="invite-sign-up" className="rounded-md bg-indigo-600 px-3 py-2 font-medium text-white hover:bg-indigo-700">
                Create an account
              </Link>
              <Link href={withEmail("/signin")} data-testid="invite-sign-in" className="rounded-md px-3 py-2 font-medium text-indigo-700 underline dark:text-indigo-300">
                I have an account: sign in
              </Link>
            </div>
          )}
        </>
      ) : (
        <>
          <h1 className="text-lg font-semibold">This invite does not work any more</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {refusal ?? "It has expired, was revoked or was already used. Ask whoever invited you for a new link."}
          </p>
          <Link href={user ? "/w" : "/signin"} className="mt-4 inline-block text-sm font-medium text-indigo-700 underline dark:text-indigo-300">
            {user ? "Your workspaces" : "Sign in"}
          </Link>
        </>
      )}
    </main>
  );
}
