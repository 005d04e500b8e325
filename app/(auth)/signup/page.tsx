import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { safeNext } from "@/lib/auth/safe-next";
import { githubEnabled } from "@/server/auth-options";
import { getSessionUser } from "@/server/session";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage({ searchParams }: Readonly<{ searchParams: Promise<{ next?: string | string[] }> }>) {
  const next = safeNext((await searchParams).next);
  if (await getSessionUser()) redirect(next);
  return <SignUpForm next={next} github={githubEnabled()} />;
}
