/**
 * Keyboard and screen-reader basics, checked with axe-core (WCAG 2.1 A/AA) on
 * every page — signed out and signed in, dialogs and tabs included — in light
 * and dark mode, at a phone's width (390 px) and a desktop's: no serious or
 * critical violations.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, signIn, TEAMMATE } from "./support/session";
import { commitToBranch, git, ownWorkspace } from "./support/repo";

const WS = "/api/workspaces/demo";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

/** A context in `theme` at `width`: the stored choice and the system's agree, so the first paint is already that theme. */
async function themedContext(browser: Browser, theme: "light" | "dark", width: number) {
  const context = await browser.newContext({ colorScheme: theme, viewport: { width, height: width < 600 ? 844 : 900 } });
  await context.addInitScript((t) => localStorage.setItem("gatehouse-theme", t), theme);
  return context;
}

async function check(page: Page, paths: readonly string[], theme: string): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("main").first()).toBeVisible();
    await page.waitForLoadState("load");
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
  }
  return found;
}

/** Every page of the app, with the demo's own ids. */
async function everyPage(page: Page): Promise<string[]> {
  const api = page.context().request;
  const rooms = (await (await api.get(`${WS}/rooms`)).json()).rooms as { id: string; name: string; mode: string }[];
  const pulls = (await (await api.get(`${WS}/pulls`)).json()).pullRequests as { id: string }[];
  const detail = pulls[0] ? await (await api.get(`${WS}/pulls/${pulls[0].id}`)).json() : null;
  const runId = (detail?.reviews as { runId: string | null }[] | undefined)?.find((r) => r.runId)?.runId;
  const planRoom = rooms.find((r) => r.mode === "plan");
  const orchestrateRoom = rooms.find((r) => r.mode === "orchestrate");
  return [
    "/w",
    "/w/demo",
    "/w/demo?new=room",
    "/w/demo/inbox",
    "/w/demo/pulls",
    "/w/demo/pulls?new=pull",
    ...(pulls[0] ? [`/w/demo/pulls/${pulls[0].id}`] : []),
    ...rooms.map((r) => `/w/demo/rooms/${r.id}`),
    ...(planRoom ? [`/w/demo/rooms/${planRoom.id}?tab=plan`] : []),
    ...(orchestrateRoom ? [`/w/demo/rooms/${orchestrateRoom.id}?tab=plan`] : []),
    ...(runId ? [`/w/demo/runs/${runId}/changes`] : []),
    "/w/demo/settings",
    "/w/demo/settings/members",
    "/w/demo/settings/agents",
    "/w/demo/settings/repositories",
    "/w/demo/settings/modes",
    "/w/demo/settings/reviews",
    "/w/demo/settings/webhook",
    "/w/demo/settings/hosts",
    "/w/demo/settings/mcp-servers",
    "/settings/notifications",
    "/settings/tokens",
    "/rules",
    "/w/demo/does-not-exist",
  ];
}

/**
 * A review page with findings in every state people see — open, consensus-ready, resolved,
 * dismissed and outdated, P0 to P3 — in a workspace of its own (the demo's review stays as seeded).
 */
async function reviewInEveryState(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  await signIn(context.request, DEMO);
  const api = context.request;
  const own = await ownWorkspace(api, `a11y ${Date.now().toString(36)}`);
  expect((await api.post(`${own.ws}/members`, { data: { email: TEAMMATE.email, role: "member" } })).status()).toBe(201);
  await git(own.path, ["branch", "notes", "main"]);
  const lines = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join("\n");
  await commitToBranch(own.path, "notes", { "NOTES.md": `${lines}\n` }, "Notes");
  const opened = await api.post(`${own.ws}/pulls`, { data: { repositoryId: own.repositoryId, baseRef: "main", headRef: "notes", title: "Notes" } });
  const pullId = ((await opened.json()) as { pullRequest: { id: string } }).pullRequest.id;
  const finding = async (priority: string, line: number) => {
    const made = await api.post(`${own.ws}/pulls/${pullId}/findings`, {
      data: { kind: "suggestion", priority, confidence: 0.8, title: `${priority} on line ${line}`, body: "See `NOTES.md`.", anchor: { file: "NOTES.md", startLine: line, endLine: line } },
    });
    expect(made.status(), await made.text()).toBe(201);
    return ((await made.json()) as { finding: { id: string } }).finding.id;
  };
  const [p0, p1, p2, p3] = [await finding("P0", 2), await finding("P1", 4), await finding("P2", 6), await finding("P3", 8)];
  await api.post(`${own.ws}/pulls/${pullId}/findings/${p1}/status`, { data: { action: "resolve" } });
  await api.post(`${own.ws}/pulls/${pullId}/findings/${p2}/status`, { data: { action: "dismiss", reason: "Intended." } });
  const sam = await browser.newContext();
  await signIn(sam.request, TEAMMATE);
  await sam.request.post(`${own.ws}/pulls/${pullId}/findings/${p3}/confirm`);
  await sam.close();
  // A push that changes the P0's line makes it outdated.
  await commitToBranch(own.path, "notes", { "NOTES.md": `${lines.replace("line 2\n", "line two\n")}\n` }, "Reword");
  expect((await api.post(`${own.ws}/pulls/${pullId}/refresh`)).status()).toBe(200);
  await expect.poll(async () => ((await (await api.get(`${own.ws}/pulls/${pullId}/findings`)).json()).findings as { id: string; outdated: boolean }[]).find((f) => f.id === p0)?.outdated).toBe(true);
  await context.close();
  return `/w/${own.slug}/pulls/${pullId}`;
}

for (const theme of ["light", "dark"] as const) {
  for (const width of [390, 1280]) {
    test(`every page has no serious or critical accessibility violations — ${theme}, ${width} px`, async ({ browser }) => {
      test.setTimeout(600_000);
      // Signed out: sign-in, sign-up and an invite link (a working one and one that no longer works).
      const owner = await browser.newContext();
      await signIn(owner.request, DEMO);
      const invite = (await (await owner.request.post(`${WS}/invites`, { data: { role: "member" } })).json()) as { path: string };
      await owner.close();
      const anonymous = await themedContext(browser, theme, width);
      const found = await check(await anonymous.newPage(), ["/signin", "/signup", invite.path, "/invite/not-a-working-token-at-all-000000000000000"], theme);
      await anonymous.close();

      const closed = await reviewInEveryState(browser);
      const context = await themedContext(browser, theme, width);
      await signIn(context.request, DEMO);
      const page = await context.newPage();
      found.push(...(await check(page, [...(await everyPage(page)), closed], theme)));
      expect(found).toEqual([]);
    });
  }
}
