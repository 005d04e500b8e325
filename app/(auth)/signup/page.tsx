import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { prefillEmail } from "@/lib/auth/prefill-email";
import { safeNext } from "@/lib/auth/safe-next";
import { githubEnabled } from "@/server/auth-options";
import { getSessionUser } from "@/server/session";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({ searchParams }: Readonly<{ searchParams: Promise<{ next?: string | string[]; error?: string | string[]; email?: string | string[] }> }>) {
  const query = await searchParams;
  const next = safeNext(query.next);
  if (await getSessionUser()) redirect(next);
  // Set when the form was posted before hydration and refused (the API redirects back with the reason).
  const error = Array.isArray(query.error) ? query.error[0] : query.error;
  // An invite bound to an address links here with it, so the invitee signs up with the address it was sent to.
  return <SignUpForm next={next} github={githubEnabled()} initialError={error?.slice(0, 300) ?? null} initialEmail={prefillEmail(query.email)} />;
}
