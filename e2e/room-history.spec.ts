/**
 * A long-lived room in Chromium: a 2,000-message conversation (each exchange a
 * run with four tool calls) seeded straight into the run's database, scrolled
 * to its first message and back, opened by deep links (?message= and #m-),
 * and searched with find in a room.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { seededId, seedRoomHistory } from "../tests/support/seed-room-history";
import { DEMO, signedInPage } from "./support/session";

const ws = "/api/workspaces/demo";
const EXCHANGES = 1_000;

/** A fresh demo room holding EXCHANGES exchanges (2,000 messages and 100 notices), seeded with SQL. */
async function seededRoom(api: import("@playwright/test").APIRequestContext, exchanges = EXCHANGES) {
  const created = await api.post(`${ws}/rooms`, { data: { name: `History e2e ${randomUUID().slice(0, 6)}`, mode: "chat" } });
  expect(created.status(), await created.text()).toBe(201);
  const roomId = (await created.json()).room.id as string;
  const { databaseUrl } = JSON.parse(readFileSync(join(tmpdir(), `gatehouse-e2e-${process.env.E2E_PORT ?? "3210"}.json`), "utf8")) as { databaseUrl: string };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ workspaceId: string; conversationId: string; userId: string }>(
      `SELECT r."workspaceId", c."id" AS "conversationId", u."id" AS "userId" FROM "Room" r JOIN "Conversation" c ON c."roomId" = r."id", "User" u WHERE r."id" = $1 AND u."email" = $2`,
      [roomId, DEMO.email],
    );
    const { workspaceId, conversationId, userId } = rows[0]!;
    const prefix = `e${randomUUID().replace(/-/g, "").slice(0, 8)}`;
    await seedRoomHistory(client, { workspaceId, roomId, conversationId, agentId: null, authorId: userId, exchanges, prefix, start: new Date(Date.now() - 3_600_000) });
    return { roomId, prefix };
  } finally {
    await client.end();
  }
}

/** The key of the first conversation row that is on screen, or null. */
const firstOnScreen = (page: Page) =>
  page.evaluate(() => {
    const rows = [...document.querySelectorAll('[data-testid="conversation"] li[data-row-key]')];
    const shown = rows.find((row) => {
      const box = row.getBoundingClientRect();
      return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
    });
    return shown?.getAttribute("data-row-key") ?? null;
  });

const rowWith = (page: Page, text: string) => page.locator('[data-testid="conversation"] li[data-row-key]').filter({ hasText: text });

test("a 2,000-message room scrolls to its first message and back, keeps its place while earlier pages load, and draws only what is on screen", async ({ context }) => {
  test.setTimeout(300_000);
  const page = await signedInPage(context, DEMO);
  const { roomId } = await seededRoom(context.request);
  await page.goto(`/w/demo/rooms/${roomId}`);
  await expect(page.getByRole("log", { name: "Conversation" })).toBeVisible();
  await expect(rowWith(page, `Answer ${EXCHANGES - 1}:`)).toBeInViewport();
  // Windowed: a few dozen rows in the DOM, not thousands.
  expect(await page.locator('[data-testid="conversation"] li[data-row-key]').count()).toBeLessThan(40);

  // The first earlier page: the entry that was first on the list stays on screen while entries arrive above it.
  await page.evaluate(() => window.scrollTo(0, 0));
  // The row on screen at the top once the window has redrawn there (right after the jump the DOM still holds the old window).
  let firstBefore: string | null = null;
  await expect.poll(async () => (firstBefore = await firstOnScreen(page))).not.toBeNull();
  await expect(page.getByTestId("history-older-loading")).toHaveCount(0);
  await expect(page.locator(`li[data-row-key="${firstBefore}"]`)).toBeInViewport();

  // On to the first message, page by page, as a reader scrolling up would.
  for (let i = 0; i < 80 && !(await page.getByTestId("history-start").isVisible()); i++) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(100);
    await expect(page.getByTestId("history-older-loading")).toHaveCount(0, { timeout: 15_000 });
  }
  await expect(page.getByTestId("history-start")).toContainText("beginning of this conversation");
  // The last page arrived above what the reader was looking at, which stayed put; the top is one more scroll away.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(rowWith(page, "Question 0:")).toBeInViewport();
  expect(await page.locator('[data-testid="conversation"] li[data-row-key]').count()).toBeLessThan(40);

  // Keyboard: rows are focusable and the arrow keys move between them.
  await rowWith(page, "Question 1:").first().focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.locator("li[data-row-key]:focus")).toContainText("Question 2:");

  // And back down to the newest.
  for (let i = 0; i < 200 && !(await rowWith(page, `Answer ${EXCHANGES - 1}:`).isVisible()); i++) {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight * 3));
    await page.waitForTimeout(30);
  }
  // Drawn (the window draws a few rows beyond the screen) is not yet on screen: one more scroll to it.
  await rowWith(page, `Answer ${EXCHANGES - 1}:`).scrollIntoViewIfNeeded();
  await expect(rowWith(page, `Answer ${EXCHANGES - 1}:`)).toBeInViewport();
});

test("a long room's page arrives with its newest messages already in the HTML, drawn before the page's scripts load", async ({ context }) => {
  test.setTimeout(180_000);
  await signedInPage(context, DEMO);
  const { roomId } = await seededRoom(context.request, 60);
  const html = await (await context.request.get(`/w/demo/rooms/${roomId}`)).text();
  // The server rendered the first page's rows: the newest exchange is in the document itself.
  expect(html).toContain("Answer 59:");
  expect(html).toContain("Question 59:");
  expect((html.match(/data-row-key=/g) ?? []).length).toBeGreaterThanOrEqual(20);

  // Drawn before the page's scripts arrive: with every bundle held back (only React's inline
  // streaming swap runs), a reader already sees those messages.
  const page = await context.newPage();
  await page.route("**/_next/static/**/*.js", (route) => route.abort());
  await page.goto(`/w/demo/rooms/${roomId}`);
  await expect(rowWith(page, "Answer 59:")).toBeVisible();
  await page.close();
});

test("deep links open the page around a message and highlight it; find in a room jumps to a match", async ({ context }) => {
  test.setTimeout(240_000);
  const page = await signedInPage(context, DEMO);
  const { roomId, prefix } = await seededRoom(context.request);

  await page.goto(`/w/demo/rooms/${roomId}?message=${seededId(prefix, "a", 500)}`);
  const highlighted = page.locator('[data-testid="assistant-message"][data-highlighted]');
  await expect(highlighted).toContainText("Answer 500:");
  await expect(highlighted).toBeInViewport();
  // From there the reader can go on down: newer pages load below.
  for (let i = 0; i < 100 && !(await rowWith(page, "Answer 560:").isVisible()); i++) {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight * 2));
    await page.waitForTimeout(50);
  }
  await rowWith(page, "Answer 560:").scrollIntoViewIfNeeded();
  await expect(rowWith(page, "Answer 560:")).toBeInViewport();

  await page.goto(`/w/demo/rooms/${roomId}#m-${seededId(prefix, "u", 250)}`);
  await expect(page.locator('[data-testid="user-message"][data-highlighted]')).toContainText("Question 250:");
  await expect(page.locator('[data-testid="user-message"][data-highlighted]')).toBeInViewport();

  await page.goto(`/w/demo/rooms/${roomId}`);
  const search = page.getByRole("searchbox", { name: "Find messages and tool calls in this room" });
  await search.fill("742");
  const match = page.getByTestId("room-search-result").filter({ hasText: "Question 742" });
  await expect(match).toBeVisible();
  await expect(page.getByTestId("room-search-result").filter({ hasText: "read_file" }).first()).toBeVisible();
  await match.click();
  await expect(page).toHaveURL(new RegExp(`message=${seededId(prefix, "u", 742)}`));
  await expect(page.locator('[data-testid="user-message"][data-highlighted]')).toContainText("Question 742:");
  await expect(page.locator('[data-testid="user-message"][data-highlighted]')).toBeInViewport();

  await search.fill("nothing-like-this-anywhere");
  await expect(page.getByTestId("room-search").getByRole("status")).toContainText("Nothing in this room matches");
});
