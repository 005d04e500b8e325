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
};
const DEFAULT_ERROR = "Sign-in failed. Try again.";

export function SignInForm({ next, github, initialError }: Readonly<{ next: string; github: boolean; initialError: string | null }>) {
  const router = useRouter();
  const [email, setEmail] = useState("");
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
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
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
