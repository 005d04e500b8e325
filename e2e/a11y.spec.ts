/**
 * Keyboard and screen-reader basics, checked with axe-core on the main pages
 * (light and dark): no serious or critical violations.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO, signedInPage } from "./support/session";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

test("sign-in and sign-up pages have no serious or critical accessibility violations", async ({ page }) => {
  for (const path of ["/signin", "/signup"]) {
    await page.goto(path);
    await expect(page.getByRole("button").first()).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test("the workspace's main pages have no serious or critical accessibility violations", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const pulls = (await (await context.request.get("/api/workspaces/demo/pulls")).json()).pullRequests as { id: string }[];
  const rooms = (await (await context.request.get("/api/workspaces/demo/rooms")).json()).rooms as { id: string }[];
  const paths = [
    "/w/demo",
    "/w/demo/inbox",
    "/w/demo/pulls",
    "/w/demo/settings/members",
    "/w/demo/settings/webhook",
    "/w/demo/settings/reviews",
    "/w/demo/settings/mcp-servers",
    "/settings/notifications",
    ...(rooms[0] ? [`/w/demo/rooms/${rooms[0].id}`] : []),
    ...(pulls[0] ? [`/w/demo/pulls/${pulls[0].id}`] : []),
    "/w/demo/pulls?new=pull",
  ];
  // A run's changes page (the seeded review's run).
  const detail = pulls[0] ? await (await context.request.get(`/api/workspaces/demo/pulls/${pulls[0].id}`)).json() : null;
  const runId = (detail?.reviews as { runId: string | null }[] | undefined)?.find((r) => r.runId)?.runId;
  if (runId) paths.push(`/w/demo/runs/${runId}/changes`);
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
    await page.waitForLoadState("load");
    found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
  }
  expect(found).toEqual([]);
});
