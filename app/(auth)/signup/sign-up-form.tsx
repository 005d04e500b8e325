"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorText } from "@/components/ui/error-text";
import { TextField } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/field-errors";
import { fetchJson } from "@/components/ui/fetch-json";

const MIN_PASSWORD = 8;

/**
 * H5: a real POST form to the sign-up API, so before hydration — or without
 * JavaScript — it still works (the API redirects to sign in) and the password
 * never lands in a URL. Once hydrated, the script posts JSON and signs in.
 */
export function SignUpForm({ next, github, initialError, initialEmail = "" }: Readonly<{ next: string; github: boolean; initialError: string | null; initialEmail?: string }>) {
  const router = useRouter();
  const [form, setForm] = useState({ name: "", email: initialEmail, password: "" });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [signInError, setSignInError] = useState<string | null>(initialError);
  const errors = fieldErrors(failure, ["name", "email", "password"]);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  async function submit() {
    setPending(true);
    setFailure(null);
    setSignInError(null);
    try {
      await fetchJson("/api/auth/signup", { method: "POST", json: form });
    } catch (error) {
      setFailure(error);
      setPending(false);
      return;
    }
    const result = await signIn("credentials", { email: form.email, password: form.password, redirect: false, callbackUrl: next }).catch(() => null);
    if (!result || result.error) {
      // Sign-up does not say whether the address already had an account (H5); signing in is where a wrong password shows.
      setSignInError(
        result?.error === "TooManyAttempts"
          ? "Too many failed sign-in attempts for this account or from your network. Wait 15 minutes, then try again."
          : "Signing in with that email and password failed. If the address already had an account, sign in with its password.",
      );
      setPending(false);
      return;
    }
    router.replace(next);
    router.refresh();
  }

  return (
    <Card>
      <h1 className="mb-4 text-xl font-semibold tracking-tight">Create an account</h1>
      <form
        className="space-y-4"
        method="post"
        action="/api/auth/signup"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <input type="hidden" name="next" value={next} />
        <TextField label="Name" name="name" autoComplete="name" required maxLength={100} value={form.name} onChange={set("name")} error={errors.fields.name} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set("email")}
          error={errors.fields.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD}
          value={form.password}
          onChange={set("password")}
          hint={`At least ${MIN_PASSWORD} characters.`}
          error={errors.fields.password}
        />
        <ErrorText>{errors.form ?? signInError}</ErrorText>
        <Button type="submit" loading={pending} className="w-full">
          Create account
        </Button>
      </form>
      {github ? (
        <Button variant="secondary" className="mt-3 w-full" onClick={() => void signIn("github", { callbackUrl: next })}>
          Sign up with GitHub
        </Button>
      ) : null}
      <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        Already have an account?{" "}
        <Link href={`/signin?${new URLSearchParams({ ...(next === "/w" ? {} : { next }), ...(initialEmail ? { email: initialEmail } : {}) })}`.replace(/\?$/, "")} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Sign in
        </Link>
      </p>
    </Card>
  );
}
