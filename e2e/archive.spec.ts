/**
 * Archiving and restoring, as people see it, in a workspace of the test's own:
 * an archived room leaves the rooms list and Ctrl+K, stays readable by its
 * link without a composer, and comes back when restored; an archived agent
 * leaves the agents list and the new-room picker, and comes back.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO, signedInPage } from "./support/session";

async function workspace(api: import("@playwright/test").APIRequestContext) {
  const created = await api.post("/api/workspaces", { data: { name: `Archive ${randomUUID().slice(0, 6)}` } });
  expect(created.status(), await created.text()).toBe(201);
  const slug = ((await created.json()) as { workspace: { slug: string } }).workspace.slug;
  return { slug, ws: `/api/workspaces/${slug}` };
}

test("an archived room leaves the list and Ctrl+K, stays readable by link with no composer, and restoring brings it back", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const { slug, ws } = await workspace(context.request);
  const name = `Old experiment ${randomUUID().slice(0, 6)}`;
  const created = await context.request.post(`${ws}/rooms`, { data: { name, mode: "chat" } });
  const roomId = ((await created.json()) as { room: { id: string } }).room.id;
  await context.request.post(`${ws}/rooms/${roomId}/messages`, { data: { content: "Notes worth keeping" } });

  await page.goto(`/w/${slug}/rooms/${roomId}`);
  await page.getByTestId("room-archive").click();
  await expect(page.getByTestId("room-archived")).toContainText("This room is archived");
  await expect(page.getByTestId("composer")).toHaveCount(0);
  await expect(page.getByTestId("user-message")).toContainText("Notes worth keeping");

  await page.goto(`/w/${slug}`);
  await expect(page.getByTestId("room-row")).toHaveCount(0);
  await page.keyboard.press("Control+k");
  const palette = page.getByTestId("command-palette");
  await palette.getByRole("combobox").fill(name);
  await expect(palette.getByTestId("palette-item")).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.getByTestId("archived-rooms-toggle").click();
  const archived = page.getByTestId("archived-room").filter({ hasText: name });
  await expect(archived).toBeVisible();
  await archived.getByTestId("room-restore").click();
  await expect(page.getByTestId("room-row").filter({ hasText: name })).toBeVisible();
  await page.goto(`/w/${slug}/rooms/${roomId}`);
  await expect(page.getByTestId("composer")).toBeVisible();
});

test("an archived agent leaves the agents list and the new-room picker; restoring brings it back", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const { slug, ws } = await workspace(context.request);
  for (const name of ["Keeper", "Retired"]) {
    const made = await context.request.post(`${ws}/agents`, { data: { name, provider: "scripted" } });
    expect(made.status(), await made.text()).toBe(201);
  }
  await page.goto(`/w/${slug}/settings/agents`);
  await page.getByRole("button", { name: "Archive Retired" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Retired was archived" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Retired" })).toHaveCount(0);

  await page.goto(`/w/${slug}?new=room`);
  const picker = page.getByTestId("new-room-agent");
  await expect(picker.locator("option")).toHaveText([/Keeper/]);
  await page.keyboard.press("Escape");

  await page.goto(`/w/${slug}/settings/agents`);
  await page.getByTestId("archived-agents-toggle").click();
  await page.getByRole("button", { name: "Restore Retired" }).click();
  await expect(page.getByRole("button", { name: "Edit Retired" })).toBeVisible();
  await page.goto(`/w/${slug}?new=room`);
  await expect(page.getByTestId("new-room-agent").locator("option")).toHaveText([/Keeper/, /Retired/]);
});
