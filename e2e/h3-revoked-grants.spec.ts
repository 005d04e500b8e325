/**
 * H3 in Chromium: an admin makes an invite link, the owner removes him on
 * Settings → Members, the page lists the link under "Revoked access" with
 * whose it was and why, and whoever opens the link is told its creator can no
 * longer give that role.
 */
import { expect, test } from "@playwright/test";
import { DEMO, signedInPage, signIn, signUp, uniqueUser } from "./support/session";

test("H3: removing an admin revokes his invite link, the members page lists it, and the link says why it stopped", async ({ browser, playwright }) => {
  const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? "3210"}`;
  const ownerContext = await browser.newContext();
  const owner = await signedInPage(ownerContext, DEMO);

  // Sam joins as an admin and makes an admin link.
  const sam = uniqueUser("Sam");
  const samApi = await playwright.request.newContext({ baseURL });
  await signUp(samApi, sam);
  await signIn(samApi, sam);
  const added = await ownerContext.request.post("/api/workspaces/demo/members", { data: { email: sam.email, role: "admin" } });
  expect(added.status(), await added.text()).toBe(201);
  const made = await samApi.post("/api/workspaces/demo/invites", { data: { role: "admin" } });
  expect(made.status(), await made.text()).toBe(201);
  const { path } = (await made.json()) as { path: string };
  await samApi.dispose();

  // The owner removes him.
  await owner.goto("/w/demo/settings/members");
  await owner.getByRole("button", { name: `Remove ${sam.name}` }).click();
  await owner.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(owner.getByRole("status").filter({ hasText: `${sam.name} was removed from` })).toBeVisible();

  const revoked = owner.getByRole("list", { name: "Revoked access" }).getByTestId("revocation").filter({ hasText: sam.email });
  await expect(revoked).toContainText("Invite link for anyone as an admin");
  await expect(revoked).toContainText(`${sam.name} was removed from the workspace`);

  // Whoever holds the link is told why it stopped.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(path);
  await expect(stranger.getByRole("heading", { name: "This invite does not work any more" })).toBeVisible();
  await expect(stranger.getByText("the person who made it can no longer make anyone an admin")).toBeVisible();
});
