/**
 * R1–R6, R8 and R10 in Chromium, on the seeded invoice-kit repository:
 * open a pull request in the UI → its review room is in review mode → the
 * built-in reviewer's findings show inline in the diff → a second person
 * confirms one → consensusReady → the verdict banner explains itself (rules,
 * axis table); then a push (a commit written with git into the repository the
 * server reads, found through the repositories API) and "Refresh head" → the
 * re-review keeps the history and the anchors move or go outdated.
 *
 * Each test works on a branch of its own (e2e/review-<id>, cut from
 * feature/discount-cap), so tests run in parallel with each other and with the
 * seeded pull request untouched.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { commitToBranch, git, repositoryPath, WS } from "./support/repo";
import { DEMO, signedInPage, TEAMMATE } from "./support/session";


const card = (page: Page, title: string) => page.getByTestId("finding-card").filter({ hasText: title });
const inline = (page: Page, path: string, title: string) => page.locator(`[data-testid="diff-file"][data-path="${path}"]`).getByTestId("inline-finding").filter({ hasText: title });
/** Scrolls a changed file into view, as a reader would: diff chunks far from the viewport are not drawn. */
const showFile = (page: Page, path: string) => page.locator(`[data-testid="diff-file"][data-path="${path}"]`).scrollIntoViewIfNeeded();

test("R1, R2, R3, R5: open a PR in the UI → review room in review mode → findings inline → a teammate confirms → consensusReady → the verdict explains itself", async ({ browser, context }) => {
  test.setTimeout(180_000);
  const id = randomUUID().slice(0, 8);
  const page = await signedInPage(context, DEMO);
  const repo = await repositoryPath(context.request, "invoice-kit");
  const branch = `e2e/review-${id}`;
  await git(repo, ["branch", branch, "feature/discount-cap"]);

  // Open the pull request through the dialog; the head is picked from the repository's branches, never guessed.
  await page.goto("/w/demo/pulls");
  await page.getByTestId("open-pull-button").click();
  const form = page.getByTestId("open-pull-form");
  await expect(page.getByTestId("open-pull-base")).toHaveValue("main");
  await page.getByTestId("open-pull-head").fill(`e2e/no-such-branch-${id}`);
  await expect(page.getByTestId("branch-option")).toHaveCount(0);
  await page.getByTestId("open-pull-title").fill(`Review e2e ${id}`);
  await page.getByTestId("open-pull-submit").click();
  await expect(form).toContainText("Pick a branch from the list.");
  await page.getByTestId("open-pull-head").fill(branch);
  await page.locator(`[data-testid="branch-option"][data-branch="${branch}"]`).click();
  await page.getByTestId("open-pull-submit").click();
  await expect(page).toHaveURL(/\/w\/demo\/pulls\/[a-z0-9]+$/);
  const reviewUrl = page.url();

  // R1: the room was created in review mode, and the view links to its conversation.
  await expect(page.getByTestId("pull-title")).toContainText(`Review e2e ${id}`);
  await expect(page.locator('header [data-testid="mode-badge"]')).toHaveAttribute("data-mode", "review");
  await expect(page.getByTestId("room-link")).toHaveAttribute("href", /\/w\/demo\/rooms\//);

  // R2: the built-in reviewer's findings arrive (live) and sit inline at their anchors.
  const banner = page.getByTestId("verdict-banner");
  await expect(banner).toHaveAttribute("data-verdict", "block", { timeout: 60_000 });
  await showFile(page, "src/pricing-config.js");
  await expect(inline(page, "src/pricing-config.js", "AWS access key committed")).toBeVisible();
  await showFile(page, "src/invoice.js");
  const debug = inline(page, "src/invoice.js", "console output left in");
  await expect(debug).toHaveAttribute("data-line", "15");
  await expect(page.locator('[data-testid="diff-file"][data-path="src/invoice.js"] [data-testid="diff-line"][data-new-line="15"]')).toHaveAttribute("data-has-finding", "true");

  // R5: the banner says why — every rule that applied, and the axis table.
  await expect(banner.locator('[data-testid="verdict-rule"][data-rule="R5.finding.P0"]')).toContainText("AWS access key committed");
  await expect(banner.locator('[data-testid="verdict-rule"][data-rule="R5.finding.P0"]')).toHaveAttribute("data-effect", "block");
  for (const axis of ["tests", "syntax", "todo-count"]) await expect(banner.locator(`[data-testid="axis-row"][data-axis="${axis}"]`)).toBeVisible();
  await expect(banner.locator('[data-testid="axis-row"][data-axis="tests"]')).toHaveAttribute("data-gated", "true");

  // R3: the author of a finding cannot confirm it: the button is disabled and says why (the server refuses it too).
  await page.getByTestId("add-finding-toggle").click();
  await page.getByTestId("add-finding-title").fill(`Rounding note ${id}`);
  await page.getByTestId("add-finding-submit").click();
  const mine = card(page, `Rounding note ${id}`);
  await expect(mine).toBeVisible();
  await expect(mine.getByTestId("finding-confirm")).toBeDisabled();
  await expect(mine.getByTestId("finding-confirm-reason")).toHaveText("You raised this finding; someone else confirms it.");
  await expect(mine.getByTestId("finding-status")).toHaveAttribute("data-status", "open");

  // R3: a second person (Sam) confirms the reviewer's finding → consensusReady.
  const samContext = await browser.newContext();
  const sam = await signedInPage(samContext, TEAMMATE);
  await sam.goto(reviewUrl);
  const samCard = card(sam, "console output left in");
  await samCard.getByTestId("finding-confirm").click();
  await expect(samCard.getByTestId("finding-status")).toHaveAttribute("data-status", "consensusReady");
  await expect(samCard.getByTestId("finding-confirmations")).toContainText("Sam Teammate");
  await expect(samCard.getByTestId("finding-message")).toContainText("consensus-ready");
  await samContext.close();

  // Dana's view follows live, in the panel and inline.
  await expect(card(page, "console output left in").getByTestId("finding-status")).toHaveAttribute("data-status", "consensusReady");
  await expect(debug.getByTestId("finding-status")).toHaveAttribute("data-status", "consensusReady");
  await expect(debug.getByTestId("finding-confirmations")).toContainText("Sam Teammate");
});

test("R4, R5, R8, R10: a malformed finding is dropped and shown; a push re-reviews, keeps the history (older verdicts stale), moves anchors, marks gone lines outdated and resolves what is no longer raised", async ({ context }) => {
  test.setTimeout(180_000);
  const id = randomUUID().slice(0, 8);
  const page = await signedInPage(context, DEMO);
  const api = context.request;
  const repo = await repositoryPath(api, "invoice-kit");
  const branch = `e2e/push-${id}`;
  await git(repo, ["branch", branch, "feature/discount-cap"]);
  const repositoryId = ((await (await api.get(`${WS}/repositories`)).json()).repositories as { id: string; name: string }[]).find((r) => r.name === "invoice-kit")!.id;
  const opened = await api.post(`${WS}/pulls`, { data: { repositoryId, baseRef: "main", headRef: branch, title: `Push e2e ${id}` } });
  expect(opened.status(), await opened.text()).toBe(201);
  const pullId = (await opened.json()).pullRequest.id as string;
  const firstHead = await git(repo, ["rev-parse", `refs/heads/${branch}`]);

  await page.goto(`/w/demo/pulls/${pullId}`);
  const banner = page.getByTestId("verdict-banner");
  await expect(banner).toHaveAttribute("data-verdict", "block", { timeout: 60_000 });
  await showFile(page, "src/invoice.js");
  const debug = inline(page, "src/invoice.js", "console output left in");
  await expect(debug).toHaveAttribute("data-line", "15");

  // R4: a finding with an out-of-range priority and confidence is dropped at the read boundary; it is listed, the verdict is unchanged.
  const dropped = await api.post(`${WS}/pulls/${pullId}/findings`, { data: { kind: "bug", priority: "P7", confidence: 3, title: `Malformed ${id}` } });
  expect(dropped.status()).toBe(422);
  expect((await dropped.json()).details.droppedFindingId).toBeTruthy();
  await page.getByTestId("tab-dropped").click();
  await expect(page.getByTestId("dropped-finding")).toHaveCount(1);
  await expect(page.getByTestId("dropped-finding")).toContainText(/priority|confidence/);
  await expect(banner).toHaveAttribute("data-verdict", "block");

  // Push a fix: the key moves to the environment (its line is gone → outdated) and a header comment moves every line of invoice.js down by one.
  const invoice = await git(repo, ["show", `${branch}:src/invoice.js`]);
  const config = await git(repo, ["show", `${branch}:src/pricing-config.js`]);
  const secondHead = await commitToBranch(
    repo,
    branch,
    {
      "src/invoice.js": `// Invoice maths; discounts are capped (see MAX_DISCOUNT_PERCENT).\n${invoice}\n`,
      "src/pricing-config.js": `${config.replace(/export const PRICING_API_KEY = .*/, "export const PRICING_API_KEY = process.env.PRICING_API_KEY;")}\n`,
    },
    "Read the pricing key from the environment",
  );
  expect(secondHead).not.toBe(firstHead);

  await page.getByTestId("refresh-head").click();
  await expect(page.getByTestId("refresh-result")).toContainText(`to ${secondHead.slice(0, 7)}`);
  await expect(page.getByTestId("head-sha")).toHaveAttribute("data-sha", secondHead);

  // R8: the new head is re-reviewed; the verdict for the old head stays in the history.
  await expect(banner).toHaveAttribute("data-head-sha", secondHead, { timeout: 60_000 });
  await page.getByTestId("tab-history").click();
  await expect(page.locator(`[data-testid="review-history-row"][data-head-sha="${secondHead}"]`).first()).toHaveAttribute("data-current", "true");
  await expect(page.locator(`[data-testid="review-history-row"][data-head-sha="${firstHead}"]`).first()).toHaveAttribute("data-current", "false");
  expect(await page.getByTestId("review-history-row").count()).toBeGreaterThanOrEqual(2);

  // Anchors: the debug output moved from line 15 to 16 (same finding, same history); the key's line is gone → outdated.
  await expect(debug).toHaveAttribute("data-line", "16");
  await debug.getByTestId("finding-history-toggle").click();
  await expect(debug.locator('[data-testid="finding-event"][data-type="remapped"]')).toContainText("src/invoice.js:15 to src/invoice.js:16");
  const outdated = page.getByTestId("outdated-finding").filter({ hasText: "AWS access key committed" });
  await expect(outdated).toBeVisible();
  await showFile(page, "src/pricing-config.js");
  await expect(page.locator('[data-testid="diff-file"][data-path="src/pricing-config.js"] [data-testid="diff-line"]').first()).toBeVisible();
  await expect(inline(page, "src/pricing-config.js", "AWS access key committed")).toHaveCount(0);

  // R10: the reviewer no longer raises the key at the new head, so it closes as resolved by that push (naming it) and no longer blocks.
  await page.getByTestId("tab-findings").click();
  const keyCard = card(page, "AWS access key committed");
  await expect(keyCard.getByTestId("finding-status")).toHaveAttribute("data-status", "resolved", { timeout: 60_000 });
  await keyCard.getByTestId("finding-history-toggle").click();
  await expect(keyCard.locator('[data-testid="finding-event"][data-type="resolved"]')).toContainText(`Resolved by push ${secondHead.slice(0, 7)}`);
  await expect(banner).not.toHaveAttribute("data-verdict", "block");
  await expect(banner.locator('[data-testid="verdict-rule"][data-rule="R5.finding.P0"]')).toHaveCount(0);
  // R8: the first head's verdict is marked stale in the history.
  await page.getByTestId("tab-history").click();
  await expect(page.locator(`[data-testid="review-history-row"][data-head-sha="${firstHead}"]`).first()).toHaveAttribute("data-stale", "true");
  await expect(page.locator(`[data-testid="review-history-row"][data-head-sha="${firstHead}"]`).first()).toContainText("stale");
});
