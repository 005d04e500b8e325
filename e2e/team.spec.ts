/**
 * A team's daily tool in Chromium: an owner invites a teammate by link, the
 * teammate signs up through it and joins, is told of an approval waiting on
 * them (unread count and a browser notification) and approves it; search,
 * filters, the command palette and shortcuts; Markdown that renders and stays
 * inert when it carries script.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { DEMO, signedInPage, uniqueUser } from "./support/session";

const ws = "/api/workspaces/demo";

async function demoRoom(api: APIRequestContext, name: string, agentName: string | null, autonomy = "auto_edit"): Promise<string> {
  const agents = (await (await api.get(`${ws}/agents`)).json()).agents as { id: string; name: string }[];
  const repositories = (await (await api.get(`${ws}/repositories`)).json()).repositories as { id: string }[];
  const response = await api.post(`${ws}/rooms`, {
    data: { name, mode: "chat", autonomy, ...(agentName ? { agentId: agents.find((a) => a.name === agentName)!.id } : {}), repositoryId: repositories[0]!.id },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).room.id;
}

/** Records what the page shows as browser notifications (the permission is granted to the context). */
async function recordNotifications(context: BrowserContext) {
  await context.grantPermissions(["notifications"]);
  await context.addInitScript(() => {
    const shown: { title: string; body: string }[] = [];
    (window as unknown as { __notifications: typeof shown }).__notifications = shown;
    const Real = window.Notification;
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body ?? "" });
      }
    }
    Object.defineProperty(Recording, "permission", { get: () => Real.permission });
    window.Notification = Recording as typeof Notification;
  });
}

test("G4, H5: an invited teammate signs up through the link, joins, is notified of an approval waiting on them and approves it", async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const owner = await signedInPage(ownerContext, DEMO);

  // The owner makes a link invite for a member.
  await owner.goto("/w/demo/settings/members");
  const invite = owner.locator("#invite");
  await invite.getByLabel("Role").selectOption("member");
  await invite.getByRole("button", { name: "Create invite" }).click();
  const link = await owner.getByTestId("invite-link").inputValue();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(owner.getByTestId("pending-invite").first()).toBeVisible();

  // The teammate opens it signed out, creates an account, comes back and joins.
  const mateContext = await browser.newContext();
  await recordNotifications(mateContext);
  const mate = await mateContext.newPage();
  const user = uniqueUser("mate");
  await mate.goto(new URL(link).pathname);
  await expect(mate.getByRole("heading", { name: /Join/ })).toBeVisible();
  await mate.getByRole("link", { name: "Create an account" }).click();
  await mate.getByLabel("Name").fill(user.name);
  await mate.getByLabel("Email").fill(user.email);
  await mate.getByLabel("Password").fill(user.password);
  await mate.getByRole("button", { name: "Create account" }).click();
  await expect(mate).toHaveURL(/\/invite\//);
  await mate.getByRole("button", { name: "Join the workspace" }).click();
  await expect(mate).toHaveURL(/\/w\/demo$/);

  // A used link does not work twice.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(new URL(link).pathname);
  await expect(stranger.getByRole("heading", { name: "This invite does not work any more" })).toBeVisible();

  // The teammate turns on browser notifications.
  await mate.goto("/settings/notifications");
  await mate.getByRole("button", { name: "Turn on browser notifications" }).click();
  await expect(mate.getByText("Browser notifications are on.")).toBeVisible();
  await mate.goto("/w/demo");

  // The owner starts a run that needs a confirmation.
  const roomName = `Builder team ${randomUUID().slice(0, 6)}`;
  const roomId = await demoRoom(ownerContext.request, roomName, "Builder");
  await owner.goto(`/w/demo/rooms/${roomId}`);
  await expect(owner.getByTestId("connection-status")).toContainText(/live/i);
  await owner.getByTestId("composer-input").fill("Tour and run the tests");
  await owner.getByTestId("composer-send").click();
  const waiting = owner.locator('[data-testid="tool-call-row"][data-tool="run_command"]');
  await expect(waiting.getByTestId("tool-call-decision")).toContainText(/waiting/i, { timeout: 60_000 });

  // The teammate's top bar counts it and the browser shows a notification.
  await expect(mate.getByTestId("inbox-unread")).toBeVisible();
  await expect
    .poll(async () => mate.evaluate(() => (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications))
    .toContainEqual(expect.objectContaining({ title: "An approval waits for you", body: expect.stringContaining("run_command") }));

  // Opening the inbox clears the count; the teammate approves and the run goes on.
  await mate.getByRole("link", { name: /Inbox/ }).click();
  await expect(mate.getByTestId("inbox-unread")).toHaveCount(0);
  const row = mate.getByTestId("approval-row").filter({ hasText: "run_command" }).filter({ hasText: roomName }).first();
  await row.getByTestId("approve-button").click();
  await expect(waiting.getByTestId("tool-call-decision")).not.toContainText(/waiting/i, { timeout: 30_000 });
  // The decided row says who decided (not what mode the room is in now).
  const decided = mate.getByTestId("approval-history-row").filter({ hasText: "run_command" }).filter({ hasText: roomName }).first();
  await expect(decided.getByTestId("approval-decided-by")).toHaveText(`by ${user.name}`);
  await expect(decided.getByTestId("mode-badge")).toHaveCount(0);
  await expect(owner.getByTestId("run-status").last()).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
});

test("search narrows the rooms list, Ctrl+K jumps to a room, ? shows the shortcuts", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const name = `Findable ${randomUUID().slice(0, 8)}`;
  const roomId = await demoRoom(context.request, name, null);
  await page.goto("/w/demo");
  await page.getByLabel("Search rooms").fill(name);
  await expect(page.getByTestId("room-row")).toHaveCount(1);
  await expect(page.getByTestId("room-row")).toContainText(name);
  await page.getByLabel("Search rooms").fill(`${name} nothing-like-this`);
  await expect(page.getByTestId("room-row")).toHaveCount(0);
  await expect(page.getByText("No room matches.")).toBeVisible();

  // j focuses the first row of a list.
  await page.getByLabel("Search rooms").fill(name);
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("j");
  await expect(page.getByTestId("room-row").first().getByRole("link")).toBeFocused();

  await page.keyboard.press("Control+k");
  const palette = page.getByTestId("command-palette");
  await expect(palette).toBeVisible();
  await palette.getByRole("combobox").fill(name);
  await expect(palette.getByTestId("palette-item").first()).toContainText(name);
  await palette.getByRole("combobox").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/w/demo/rooms/${roomId}`));
  await expect(page.getByTestId("room-name")).toHaveText(name);

  await page.goto("/w/demo/pulls");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("?");
  await expect(page.getByTestId("shortcuts")).toContainText("command palette");
});

test("H5: Markdown in a message renders, while an injected script, event handler and javascript: link stay inert", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const roomId = await demoRoom(context.request, `Markdown ${randomUUID().slice(0, 6)}`, null);
  await page.goto(`/w/demo/rooms/${roomId}`);
  await page.evaluate(() => ((window as unknown as { __pwned: number }).__pwned = 0));
  const text = [
    "## Heading here",
    "**bold words** and `code`",
    "- first item",
    "- second item",
    "",
    "<script>window.__pwned = 1</script>",
    "",
    'an image <img src="x" onerror="window.__pwned = 2"> inline',
    "",
    "[click me](javascript:window.__pwned=3) and [docs](https://example.com/docs)",
    "",
    "```ts",
    "const answer = 42;",
    "```",
  ].join("\n");
  await page.getByTestId("composer-input").fill(text);
  await page.getByTestId("composer-send").click();
  const message = page.getByTestId("user-message").last();
  await expect(message.locator("h2")).toHaveText("Heading here");
  await expect(message.locator("strong")).toHaveText("bold words");
  await expect(message.locator("li")).toHaveText(["first item", "second item"]);
  await expect(message.locator(".hljs-keyword").first()).toHaveText("const");
  await expect(message.locator("script, img, [onerror]")).toHaveCount(0);
  await expect(message.locator("a", { hasText: "click me" })).toHaveCount(0);
  await message.getByText("click me").click();
  await expect(message.getByRole("link", { name: "docs" })).toHaveAttribute("href", "https://example.com/docs");
  await expect(message.getByRole("link", { name: "docs" })).toHaveAttribute("rel", /noopener/);
  expect(await page.evaluate(() => (window as unknown as { __pwned: number }).__pwned)).toBe(0);
});

test("H3: an unknown workspace or pull request gets the branded 404 page, and pages carry the favicon", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  for (const path of ["/w/no-such-workspace-here", "/w/demo/pulls/no-such-pull"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByTestId("status-page")).toContainText("This page was not found");
    await expect(page.getByRole("link", { name: "Your workspaces" })).toBeVisible();
  }
  await page.goto("/w/demo");
  const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(icon).toBeTruthy();
  expect((await context.request.get(icon!)).status()).toBe(200);
});

async function agentRoom(api: APIRequestContext, agentName: string, mode: "plan" | "orchestrate"): Promise<string> {
  const agents = (await (await api.get(`${ws}/agents`)).json()).agents as { id: string; name: string }[];
  const repositories = (await (await api.get(`${ws}/repositories`)).json()).repositories as { id: string }[];
  const response = await api.post(`${ws}/rooms`, {
    data: { name: `${agentName} ${mode} ${randomUUID().slice(0, 6)}`, mode, autonomy: "auto_edit", agentId: agents.find((a) => a.name === agentName)!.id, repositoryId: repositories[0]!.id },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).room.id;
}

test("P2: a submitted plan opens Plan Studio beside the conversation without a click", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const roomId = await agentRoom(context.request, "Planner", "plan");
  await page.goto(`/w/demo/rooms/${roomId}`);
  await expect(page.getByTestId("connection-status")).toContainText(/live/i);
  await page.getByTestId("composer-input").fill("Plan capping discounts at 50%");
  await page.getByTestId("composer-send").click();
  await expect(page.getByTestId("plan-studio")).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/tab=plan&plan=/);
  await expect(page.getByTestId("plan-studio").getByTestId("plan-graph")).toBeVisible();
  await expect(page.getByTestId("composer-input")).toBeVisible();
});

test("O2: an orchestration proposal opens from its row and waits in the inbox, which opens it in Plan Studio", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const roomId = await agentRoom(context.request, "Orchestrator", "orchestrate");
  await page.goto(`/w/demo/rooms/${roomId}`);
  await expect(page.getByTestId("connection-status")).toContainText(/live/i);
  await page.getByTestId("composer-input").fill("Ship capped discounts as a team");
  await page.getByTestId("composer-send").click();
  const row = page.getByTestId("proposal-row");
  await expect(row).toBeVisible({ timeout: 60_000 });
  await page.goto(`/w/demo/rooms/${roomId}`);
  await page.getByTestId("proposal-row").getByTestId("proposal-open").click();
  await expect(page.getByTestId("plan-studio").getByTestId("proposal").first()).toBeVisible();

  await page.goto("/w/demo/inbox");
  const inboxRow = page.getByTestId("inbox-proposal-row").filter({ has: page.locator(`a[href*="${roomId}"]`) });
  await expect(inboxRow).toBeVisible();
  await inboxRow.getByRole("link", { name: "Open in Plan Studio" }).click();
  await expect(page).toHaveURL(new RegExp(`/rooms/${roomId}\\?tab=plan`));
  await expect(page.getByTestId("plan-studio").getByTestId("proposal").first()).toBeVisible();
});
