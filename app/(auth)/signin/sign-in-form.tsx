"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorText } from "@/components/ui/error-text";
import { TextField } from "@/components/ui/field";

/** next-auth's error codes in words a person can act on. */
const ERRORS: Record<string, string> = {
  CredentialsSignin: "That email and password do not match an account. Check them, or create an account.",
  OAuthAccountNotLinked: "That email already has an account with a password. Sign in with it instead.",
  OAuthSignin: "GitHub sign-in could not start. Try again in a moment.",
  OAuthCallback: "GitHub sign-in did not finish. Try again in a moment.",
  AccessDenied: "Access was denied.",
  SessionRequired: "Sign in to continue.",
  SessionRevoked: "You were signed out. Sign in again.",
  TooManyAttempts: "Too many failed sign-in attempts for this account or from your network. Wait 15 minutes, then try again.",
  ServerUnavailable: "The server could not start, so no one can sign in yet. Its log says why; try again once it is fixed.",
};
const DEFAULT_ERROR = "Sign-in failed. Try again.";

/**
 * H5: a real POST form to next-auth's credentials callback (with its CSRF
 * token), so before hydration — or without JavaScript — it still signs in
 * and the password never lands in a URL. Once hydrated, the script takes over
 * to show errors in place.
 */
export function SignInForm({
  next,
  github,
  initialError,
  csrfToken,
  signedUp,
  initialEmail = "",
}: Readonly<{ next: string; github: boolean; initialError: string | null; csrfToken: string; signedUp: boolean; initialEmail?: string }>) {
  const router = useRouter();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(initialError ? (ERRORS[initialError] ?? DEFAULT_ERROR) : null);

  async function submit() {
    setPending(true);
    setError(null);
    try {
      const result = await signIn("credentials", { email, password, redirect: false, callbackUrl: next });
      if (!result || result.error) {
        setError(ERRORS[result?.error ?? ""] ?? DEFAULT_ERROR);
        setPending(false);
        return;
      }
      router.replace(next);
      router.refresh();
    } catch {
      setError("The server could not be reached. Check your connection and try again.");
      setPending(false);
    }
  }

  return (
    <Card>
      <h1 className="mb-4 text-xl font-semibold tracking-tight">Sign in</h1>
      {signedUp && !error ? (
        <p role="status" className="mb-4 text-sm text-zinc-700 dark:text-zinc-300">
          If that email address was new, its account is ready. Sign in with the password you chose.
        </p>
      ) : null}
      <form
        className="space-y-4"
        method="post"
        action="/api/auth/callback/credentials"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="callbackUrl" value={next} />
        <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <ErrorText>{error}</ErrorText>
        <Button type="submit" loading={pending} className="w-full">
          Sign in
        </Button>
      </form>
      {github ? (
        <>
          <div className="my-4 flex items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400">
            <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
            or
            <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
          </div>
          <Button variant="secondary" className="w-full" onClick={() => void signIn("github", { callbackUrl: next })}>
            Sign in with GitHub
          </Button>
        </>
      ) : null}
      <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        New here?{" "}
        <Link href={next === "/w" ? "/signup" : `/signup?next=${encodeURIComponent(next)}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Create an account
        </Link>
      </p>
    </Card>
  );
}
