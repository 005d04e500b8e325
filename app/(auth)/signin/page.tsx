import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { prefillEmail } from "@/lib/auth/prefill-email";
import { safeNext } from "@/lib/auth/safe-next";
import { githubEnabled } from "@/server/auth-options";
import { CSRF_HEADER } from "@/server/csrf-cookie";
import { getSessionUser } from "@/server/session";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

type Props = {
  searchParams: Promise<{ next?: string | string[]; callbackUrl?: string | string[]; error?: string | string[]; notice?: string | string[]; email?: string | string[] }>;
};

export default async function SignInPage({ searchParams }: Readonly<Props>) {
  const query = await searchParams;
  // next-auth sends people back here with ?callbackUrl=…; our own redirects use ?next=….
  const next = safeNext(query.next ?? relative(query.callbackUrl));
  if (await getSessionUser()) redirect(next);
  const error = Array.isArray(query.error) ? query.error[0] : query.error;
  // H5: next-auth's CSRF token (cookie set by proxy.ts), so the form posts as plain HTML before hydration.
  const csrfToken = (await headers()).get(CSRF_HEADER) ?? "";
  return (
    <SignInForm next={next} github={githubEnabled()} initialError={error ?? null} csrfToken={csrfToken} signedUp={query.notice === "signed-up"} initialEmail={prefillEmail(query.email)} />
  );
}

/** next-auth's callbackUrl is absolute; keep only its path so safeNext can judge it. */
function relative(url: string | string[] | undefined): string | undefined {
  const value = Array.isArray(url) ? url[0] : url;
  if (!value) return undefined;
  try {
    const parsed = new URL(value, "http://local.invalid");
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return undefined;
  }
}
