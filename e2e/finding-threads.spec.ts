/**
 * R10, R3 and R5 in Chromium: in a workspace of its own (the required
 * confirmations are a workspace setting, so the shared demo workspace's
 * reviews stay as they are), the owner makes P0 findings need two
 * confirmations in Settings → Reviews; on the pull request's review the
 * verdict names the P0 (once) with what it lacks for consensus and how many confirmations it
 * still needs; a teammate replies to the finding in Markdown and the owner's
 * open thread shows it live; one confirmation leaves it open ("1 of 2"), the
 * verdict says one more is needed; "Fix with an agent" opens an Agent-mode
 * room seeded with the finding and its reply.
 */
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ownWorkspace } from "./support/repo";
import { DEMO, signedInPage, TEAMMATE } from "./support/session";

const P0_TITLE = "AWS access key committed";
const card = (page: Page, title: string) => page.getByTestId("finding-card").filter({ hasText: title });

/** axe on what is on screen: the open discussion and the settings form must be usable by keyboard and screen reader. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

test("R10, R3, R5: P0 needs two confirmations and the verdict says so; a teammate's Markdown reply arrives live; Fix with an agent opens a seeded Agent-mode room", async ({ browser, context }) => {
  test.setTimeout(180_000);
  const id = randomUUID().slice(0, 8);
  const page = await signedInPage(context, DEMO);
  const api = context.request;

  // A workspace of this test's own, with Sam as a member, an agent that can change code, and a copy of invoice-kit.
  const { slug, ws, repositoryId } = await ownWorkspace(api, `Threads ${id}`, { branches: ["feature/discount-cap"] });
  expect((await api.post(`${ws}/members`, { data: { email: TEAMMATE.email, role: "member" } })).status()).toBeLessThan(300);
  const agent = await api.post(`${ws}/agents`, { data: { name: `Builder ${id}`, provider: "scripted", model: "scripted" } });
  expect(agent.status(), await agent.text()).toBe(201);

  // R3: the owner sets P0 to two confirmations in Settings → Reviews; 0 is refused beside its field.
  await page.goto(`/w/${slug}/settings/reviews`);
  await page.getByTestId("required-P0").fill("0");
  await page.getByTestId("required-save").click();
  await expect(page.getByText(/at least one confirmation/)).toBeVisible();
  await page.getByTestId("required-P0").fill("2");
  await page.getByTestId("required-save").click();
  await expect(page.getByTestId("required-status")).toContainText("Saved.");
  expect(await seriousViolations(page)).toEqual([]);

  const opened = await api.post(`${ws}/pulls`, { data: { repositoryId, baseRef: "main", headRef: "feature/discount-cap", title: `Threads ${id}` } });
  expect(opened.status(), await opened.text()).toBe(201);
  const pullId = ((await opened.json()) as { pullRequest: { id: string } }).pullRequest.id;
  const reviewUrl = `/w/${slug}/pulls/${pullId}`;

  // R5: the verdict names the P0 lacking consensus and what it still needs.
  await page.goto(reviewUrl);
  const banner = page.getByTestId("verdict-banner");
  await expect(banner).toHaveAttribute("data-verdict", "block", { timeout: 60_000 });
  // Named once: the line that makes it block says what it still lacks.
  const lacking = banner.getByTestId("verdict-rule").filter({ hasText: P0_TITLE });
  await expect(lacking).toHaveCount(1);
  await expect(lacking).toHaveAttribute("data-rule", "R5.finding.P0");
  await expect(lacking).toContainText("0 of 2 confirmations, needs 2 more");
  const ownerCard = card(page, P0_TITLE);
  await expect(ownerCard.getByTestId("finding-consensus-need")).toContainText("0 of 2 needed for consensus");
  await ownerCard.getByTestId("finding-thread-toggle").click();
  await expect(ownerCard.getByTestId("finding-thread")).toContainText("No replies yet");

  // R10: Sam replies in Markdown; the owner's open thread shows it without a reload.
  const samContext = await browser.newContext();
  const sam = await signedInPage(samContext, TEAMMATE);
  await sam.goto(reviewUrl);
  const samCard = card(sam, P0_TITLE);
  await samCard.getByTestId("finding-thread-toggle").click();
  await samCard.getByTestId("finding-reply-input").fill(`It is a **test fixture** key ${id}, revoked; see <script>alert(1)</script> \`config.js\`.`);
  await samCard.getByTestId("finding-reply-submit").click();
  await expect(samCard.getByTestId("finding-reply")).toHaveCount(1);
  const reply = ownerCard.getByTestId("finding-reply");
  await expect(reply).toContainText(`test fixture key ${id}`);
  await expect(reply.locator("strong")).toHaveText("test fixture");
  await expect(reply.locator("script")).toHaveCount(0);
  await expect(ownerCard.getByTestId("finding-thread-toggle")).toContainText("Discussion (1)");
  expect(await seriousViolations(page)).toEqual([]);

  // R3: one confirmation of two: still open, and the verdict says one more is needed.
  await samCard.getByTestId("finding-confirm").click();
  await expect(samCard.getByTestId("finding-message")).toContainText("1 of 2 needed for consensus");
  await expect(ownerCard.getByTestId("finding-status")).toHaveAttribute("data-status", "open");
  await expect(ownerCard.getByTestId("finding-consensus-need")).toContainText("1 of 2 needed for consensus");
  await expect(lacking).toContainText("1 of 2 confirmations, needs 1 more");
  await samContext.close();

  // Fix with an agent: an Agent-mode room seeded with the finding and Sam's reply, linked from the card.
  await ownerCard.getByTestId("finding-fix").click();
  await expect(page).toHaveURL(/\/w\/[^/]+\/rooms\/[a-z0-9]+$/, { timeout: 60_000 });
  await expect(page.locator('header [data-testid="mode-badge"]').first()).toHaveAttribute("data-mode", "chat");
  await expect(page.getByText(`Fix this review finding from pull request #1`)).toBeVisible();
  await expect(page.getByText(`test fixture key ${id}`).first()).toBeVisible();
  await page.goto(reviewUrl);
  await expect(card(page, P0_TITLE).getByTestId("finding-fix-room")).toContainText(`Fix #1: ${P0_TITLE}`);
  await expect(card(page, P0_TITLE).getByTestId("finding-fix")).toHaveText("Open fix room");
});
