/**
 * H4 in the agent form: it says up front where the server's keys go, refuses a
 * loopback base URL the operator has not allowed (naming the setting, beside
 * the field), and takes an agent's own key without ever showing it back.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signIn, signUp, uniqueUser } from "./support/session";

// Its own workspace: an agent added to the shared demo workspace would become the one
// other tests' review rooms pick (a real provider is preferred over the built-in reviewer).
test("H4: the agent form names where the server's key goes, refuses an unallowed loopback base URL, and never shows an agent's key", async ({ context }) => {
  const user = uniqueUser("h4");
  await signUp(context.request, user);
  await signIn(context.request, user);
  const created = await context.request.post("/api/workspaces", { data: { name: `H4 ${randomUUID().slice(0, 6)}` } });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = (await created.json()).workspace as { slug: string };
  const page = await context.newPage();
  await page.goto(`/w/${slug}/settings/agents`);
  const name = `Remote ${randomUUID().slice(0, 6)}`;
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add agent" }) });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Provider").selectOption("openai_compatible");
  await form.getByLabel("Model").fill("llama3.1");
  const baseUrl = form.getByLabel("Base URL");
  const apiKey = form.getByLabel(/API key/);

  await baseUrl.fill("https://api.openai.com/v1");
  await expect(apiKey).toHaveAccessibleDescription(/This is the server's endpoint, but the server has no OPENAI_API_KEY/);
  await baseUrl.fill("http://localhost:11434/v1");
  await expect(apiKey).toHaveAccessibleDescription(/The server's OPENAI_API_KEY is sent only to https:\/\/api\.openai\.com\/v1/);
  await expect(baseUrl).toHaveAccessibleDescription(/GATEHOUSE_ALLOWED_MODEL_HOSTS/);

  await form.getByRole("button", { name: "Add agent" }).click();
  await expect(baseUrl).toHaveAccessibleDescription(/localhost:11434 resolves to 127\.0\.0\.1, a loopback address[\s\S]*GATEHOUSE_ALLOWED_MODEL_HOSTS/);

  const secret = `agent-secret-${randomUUID()}`;
  await baseUrl.fill("https://llm.example.com/v1");
  await apiKey.fill(secret);
  await form.getByRole("button", { name: "Add agent" }).click();
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("own API key");
  expect(await page.content()).not.toContain(secret);
  const listed = await (await context.request.get(`/api/workspaces/${slug}/agents`)).text();
  expect(listed).toContain(name);
  expect(listed).not.toContain(secret);
});
