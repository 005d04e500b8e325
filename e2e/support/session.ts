/**
 * Signing in over HTTP, the way the browser does (next-auth's credentials
 * callback with its CSRF token), so a test starts authenticated in a second.
 */
import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";

export const DEMO = { email: "demo@gatehouse.dev", password: "gatehouse-demo" };
export const TEAMMATE = { email: "sam@gatehouse.dev", password: "gatehouse-demo" };

export interface TestUser {
  email: string;
  password: string;
  name: string;
}

export function uniqueUser(prefix = "user"): TestUser {
  const id = randomUUID().slice(0, 8);
  return { email: `${prefix.toLowerCase()}-${id}@e2e.test`, password: `pw-${id}-long-enough`, name: `${prefix} ${id}` };
}

export async function signUp(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post("/api/auth/signup", { data: user });
  // H5: the same answer for a new and an existing address.
  expect(response.status(), await response.text()).toBe(202);
}

export async function signIn(request: APIRequestContext, user: { email: string; password: string }): Promise<void> {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const response = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: user.email, password: user.password, json: "true" },
    maxRedirects: 0,
  });
  expect([200, 302]).toContain(response.status());
  const session = await (await request.get("/api/auth/session")).json();
  expect(session?.user?.email, `sign-in as ${user.email} failed`).toBe(user.email.toLowerCase());
}

/** A browser page signed in as `user` (the cookie lands in the page's context). */
export async function signedInPage(context: BrowserContext, user: { email: string; password: string }): Promise<Page> {
  await signIn(context.request, user);
  return context.newPage();
}
