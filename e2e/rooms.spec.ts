/**
 * The web app in Chromium: signing up and creating a workspace; a scripted run
 * streaming into the room; Plan mode taking write tools off the capability
 * panel and refusing a scripted write with its reason; a per-call
 * confirmation approved from the inbox; what a viewer cannot do; and another
 * workspace's user getting 404.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEMO, signedInPage, signIn, signUp, uniqueUser } from "./support/session";

const ws = "/api/workspaces/demo";

/** A fresh room in the demo workspace, so parallel tests never share one. */
async function demoRoom(api: APIRequestContext, agentName: string, mode: "chat" | "plan", autonomy = "auto_edit"): Promise<string> {
  const agents = (await (await api.get(`${ws}/agents`)).json()).agents as { id: string; name: string }[];
  const repositories = (await (await api.get(`${ws}/repositories`)).json()).repositories as { id: string }[];
  const response = await api.post(`${ws}/rooms`, {
    data: { name: `${agentName} e2e ${randomUUID().slice(0, 6)}`, mode, autonomy, agentId: agents.find((a) => a.name === agentName)!.id, repositoryId: repositories[0]!.id },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).room.id;
}

test("a newcomer signs up, creates a workspace and opens a room in it", async ({ page }) => {
  const user = uniqueUser("newcomer");
  await page.goto("/signup");
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/w$/);
  await page.getByLabel("Workspace name").fill(`Team ${randomUUID().slice(0, 6)}`);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/w\/team-/);
  await page.getByTestId("new-room-button").or(page.getByTestId("new-room-empty")).first().click();
  await page.getByTestId("new-room-name").fill("First room");
  await page.getByTestId("new-room-submit").click();
  await expect(page.getByTestId("room-name")).toHaveText("First room");
  await expect(page.getByTestId("mode-select")).toHaveValue("chat");
});

test("C1, T1: a message starts a scripted run whose text streams in and whose tool calls show tier and decision", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const roomId = await demoRoom(context.request, "Builder", "chat", "auto");
  await page.goto(`/w/demo/rooms/${roomId}`);
  await expect(page.getByTestId("connection-status")).toContainText(/live/i);
  await page.getByTestId("composer-input").fill("Tour the repository please");
  await page.getByTestId("composer-input").press("Enter");
  await expect(page.getByTestId("user-message").last()).toContainText("Tour the repository please");
  // The scripted Builder streams word by word; its words arrive before the run ends.
  await expect(page.getByTestId("streaming-text").or(page.getByTestId("assistant-message")).first()).toContainText("Let me look around", { timeout: 30_000 });
  const rows = page.getByTestId("tool-call-row");
  await expect(rows.first()).toContainText("list_dir");
  await expect(page.locator('[data-testid="tool-call-row"][data-tool="write_file"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-testid="tool-call-row"][data-tool="write_file"] [data-testid="tier-badge"]')).toHaveText(/write/i);
  await expect(page.getByTestId("run-status").last()).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
  // The agent's words survive a reload.
  await page.reload();
  await expect(page.getByTestId("assistant-message").first()).toContainText("Let me look around");
});

test("M4, P1, S4: switching to Plan takes the write tools off the capability panel, and a scripted write is refused with its reason", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const roomId = await demoRoom(context.request, "Planner", "chat");
  await page.goto(`/w/demo/rooms/${roomId}`);
  await page.getByTestId("capability-toggle").click();
  const panel = page.getByTestId("capability-panel");
  await expect(panel.locator('[data-testid="capability-tool"][data-tool="write_file"]')).toBeVisible();
  await page.getByTestId("mode-select").selectOption("plan");
  await expect(panel.locator('[data-testid="capability-tool"][data-tool="write_file"]')).toHaveCount(0);
  await expect(panel.locator('[data-testid="capability-removed"][data-tool="write_file"]')).toContainText("read-only");
  await expect(panel.getByTestId("capability-prompt")).not.toContainText("write_file");
  await expect(panel.locator('[data-testid="capability-tool"][data-tool="submit_plan"]')).toBeVisible();

  await page.getByTestId("composer-input").fill("Plan the discount cap");
  await page.getByTestId("composer-send").click();
  const refused = page.locator('[data-testid="tool-call-row"][data-tool="write_file"]');
  await expect(refused).toBeVisible({ timeout: 60_000 });
  await expect(refused.getByTestId("tool-call-decision")).toContainText(/refused/i);
  await expect(refused.getByTestId("tool-call-reason")).toContainText("not available in this mode");
});

test("P6, S1: Shift+Tab in the composer toggles Plan and back, and review is never offered", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const roomId = await demoRoom(context.request, "Builder", "chat");
  await page.goto(`/w/demo/rooms/${roomId}`);
  await page.getByTestId("composer-input").focus();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByTestId("mode-select")).toHaveValue("plan");
  await expect(page.getByTestId("composer-input")).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByTestId("mode-select")).toHaveValue("chat");
  // S1: review is never offered.
  await expect(page.getByTestId("mode-select").locator("option")).toHaveText(["Agent", "Plan", "Orchestrate"]);
});

test("G3, G4: a per-call confirmation is approved from the inbox and the run continues", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const roomId = await demoRoom(context.request, "Builder", "chat", "auto_edit");
  await page.goto(`/w/demo/rooms/${roomId}`);
  await expect(page.getByTestId("connection-status")).toContainText(/live/i);
  await page.getByTestId("composer-input").fill("Tour and run the tests");
  await page.getByTestId("composer-send").click();
  const waiting = page.locator('[data-testid="tool-call-row"][data-tool="run_command"]');
  await expect(waiting.getByTestId("tool-call-decision")).toContainText(/waiting/i, { timeout: 60_000 });

  const inbox = await context.newPage();
  await inbox.goto("/w/demo/inbox");
  const row = inbox.getByTestId("approval-row").filter({ hasText: "run_command" }).filter({ hasText: /Builder e2e/ }).first();
  await expect(row).toBeVisible();
  await row.getByTestId("approve-button").click();
  await expect(inbox.getByTestId("approval-history-row").filter({ hasText: "run_command" }).first()).toBeVisible();

  await expect(waiting.getByTestId("tool-call-decision")).not.toContainText(/waiting/i, { timeout: 30_000 });
  await expect(page.getByTestId("run-status").last()).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
});

test("a viewer reads but cannot switch modes or post, in the page and over the API", async ({ browser }) => {
  const owner = await browser.newContext();
  await signIn(owner.request, DEMO);
  const roomId = await demoRoom(owner.request, "Builder", "chat");
  const viewer = uniqueUser("viewer");
  const viewerContext = await browser.newContext();
  await signUp(viewerContext.request, viewer);
  expect((await owner.request.post(`${ws}/members`, { data: { email: viewer.email, role: "viewer" } })).status()).toBe(201);
  await signIn(viewerContext.request, viewer);
  const page = await viewerContext.newPage();
  await page.goto(`/w/demo/rooms/${roomId}`);
  await expect(page.getByTestId("room-name")).toBeVisible();
  await expect(page.getByTestId("composer-input")).toHaveCount(0);
  await expect(page.getByTestId("mode-select")).toHaveCount(0);
  expect((await viewerContext.request.patch(`${ws}/rooms/${roomId}`, { data: { mode: "plan" } })).status()).toBe(403);
  expect((await viewerContext.request.post(`${ws}/rooms/${roomId}/messages`, { data: { content: "hi" } })).status()).toBe(403);
  await owner.close();
  await viewerContext.close();
});

test("a user of another workspace gets 404 for this workspace's rooms", async ({ browser }) => {
  const owner = await browser.newContext();
  await signIn(owner.request, DEMO);
  const roomId = await demoRoom(owner.request, "Builder", "chat");
  const outsider = await browser.newContext();
  const user = uniqueUser("outsider");
  await signUp(outsider.request, user);
  await signIn(outsider.request, user);
  const page = await outsider.newPage();
  const response = await page.goto(`/w/demo/rooms/${roomId}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Builder e2e")).toHaveCount(0);
  expect((await outsider.request.get(`${ws}/rooms/${roomId}`)).status()).toBe(404);
  await owner.close();
  await outsider.close();
});

test("M1: a thread under the conversation shares the room's mode and keeps its own messages", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const roomId = await demoRoom(context.request, "Builder", "plan");
  await page.goto(`/w/demo/rooms/${roomId}`);
  await page.getByTestId("new-thread").click();
  await page.getByTestId("new-thread-title").fill("Side question");
  await page.getByTestId("new-thread-submit").click();
  await expect(page.getByTestId("thread-item").filter({ hasText: "Side question" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("mode-select")).toHaveValue("plan");
  await page.getByTestId("composer-input").fill("A question only for this thread");
  await page.getByTestId("composer-send").click();
  await expect(page.getByTestId("user-message").filter({ hasText: "A question only for this thread" })).toBeVisible();
  await page.getByTestId("thread-item").filter({ hasText: "Main" }).click();
  await expect(page.getByTestId("user-message").filter({ hasText: "A question only for this thread" })).toHaveCount(0);
});
