/**
 * R9, R10 and the pull request lifecycle in Chromium on the seeded invoice-kit repository:
 * a dismissed finding is not raised again after a push; a second pull request
 * for the same branches is refused with a link to the first; closing a pull
 * request makes its review read-only until it is reopened. Each test works on
 * a branch of its own, so it runs beside the others.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { commitToBranch, git, repositoryPath, WS } from "./support/repo";
import { DEMO, signedInPage } from "./support/session";

const card = (page: Page, title: string) => page.getByTestId("finding-card").filter({ hasText: title });

test("R10, R9: a dismissal is not re-raised after a push; a duplicate pull request is refused with a link; a closed pull request is read-only until reopened", async ({ context }) => {
  test.setTimeout(180_000);
  const id = randomUUID().slice(0, 8);
  const page = await signedInPage(context, DEMO);
  const api = context.request;
  const repo = await repositoryPath(api, "invoice-kit");
  const branch = `e2e/trust-${id}`;
  await git(repo, ["branch", branch, "feature/discount-cap"]);
  const repositoryId = ((await (await api.get(`${WS}/repositories`)).json()).repositories as { id: string; name: string }[]).find((r) => r.name === "invoice-kit")!.id;
  const opened = await api.post(`${WS}/pulls`, { data: { repositoryId, baseRef: "main", headRef: branch, title: `Trust e2e ${id}` } });
  expect(opened.status(), await opened.text()).toBe(201);
  const pullId = (await opened.json()).pullRequest.id as string;

  await page.goto(`/w/demo/pulls/${pullId}`);
  const banner = page.getByTestId("verdict-banner");
  await expect(banner).toHaveAttribute("data-verdict", "block", { timeout: 60_000 });

  // R10: dismiss the leftover console output with a reason.
  const debug = card(page, "console output left in");
  await debug.getByTestId("finding-dismiss").click();
  await debug.getByTestId("finding-dismiss-reason").fill(`Deliberate while we tune discounts (${id})`);
  await debug.getByTestId("finding-dismiss-submit").click();
  await expect(debug.getByTestId("finding-status")).toHaveAttribute("data-status", "dismissed");

  // A push that keeps the console line: the re-review raises it again, and it stays dismissed.
  const invoice = await git(repo, ["show", `${branch}:src/invoice.js`]);
  const pushed = await commitToBranch(repo, branch, { "src/invoice.js": `// header ${id}\n${invoice}\n` }, "Add a header");
  await page.getByTestId("refresh-head").click();
  await expect(page.getByTestId("head-sha")).toHaveAttribute("data-sha", pushed);
  await expect(banner).toHaveAttribute("data-head-sha", pushed, { timeout: 60_000 });
  await expect(debug.getByTestId("finding-status")).toHaveAttribute("data-status", "dismissed");
  await debug.getByTestId("finding-history-toggle").click();
  await expect(debug.locator('[data-testid="finding-event"][data-type="raised_again"]').last()).toContainText("not reopened (it was dismissed)");
  await expect(page.getByTestId("finding-card").filter({ hasText: "console output left in" })).toHaveCount(1);

  // Issue 14 §5: a second pull request for the same branches is refused with a link to the first.
  await page.goto("/w/demo/pulls");
  await page.getByTestId("open-pull-button").click();
  await page.getByTestId("open-pull-head").fill(branch);
  await page.getByTestId("open-pull-title").fill(`Duplicate ${id}`);
  await page.getByTestId("open-pull-submit").click();
  await expect(page.getByTestId("open-pull-form")).toContainText("already proposes");
  await page.getByTestId("open-pull-existing").getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/w/demo/pulls/${pullId}$`));

  // R9: closed → read-only (no finding actions), reopened → writable again.
  await page.getByTestId("close-pull").click();
  await expect(page.getByTestId("pull-state")).toHaveAttribute("data-state", "closed");
  await expect(page.getByTestId("pull-closed-note")).toContainText("read-only until it is reopened");
  await expect(page.getByTestId("finding-confirm")).toHaveCount(0);
  await expect(page.getByTestId("refresh-head")).toHaveCount(0);
  const refused = await api.post(`${WS}/pulls/${pullId}/findings`, { data: { kind: "bug", priority: "P2", confidence: 0.9, title: `Late ${id}`, body: "after close" } });
  expect(refused.status()).toBe(409);
  await page.getByTestId("reopen-pull").click();
  await expect(page.getByTestId("pull-state")).toHaveAttribute("data-state", "open");
  await expect(page.getByTestId("pull-closed-note")).toHaveCount(0);
  await expect(page.getByTestId("finding-confirm").first()).toBeVisible();
});
