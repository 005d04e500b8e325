/**
 * R12 in Chromium: a repository connected to GitHub (its token entered in
 * Settings → Repositories, shown only as set with its last 4 characters)
 * publishes its pull requests' verdicts as the "Gatehouse" check run, and the
 * review room shows where publishing stands, live: published with a link,
 * failed with the reason and a retry that publishes. GitHub is a local server
 * speaking its REST API on the port the e2e server points Gatehouse at.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { dirname, join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startGithubApi } from "../tests/support/github-api-server";
import { git, repositoryPath, WS } from "./support/repo";
import { DEMO, signedInPage } from "./support/session";

/** Serious or critical axe findings on the page (as e2e/a11y.spec.ts checks the main pages). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

test("R12: the room shows the verdict published to GitHub with a link; a failed publish shows why and its retry publishes", async ({ context }) => {
  test.setTimeout(180_000);
  const id = randomUUID().slice(0, 8);
  const github = await startGithubApi({ port: Number(process.env.E2E_PORT ?? "3210") + 20000 });
  try {
    const page = await signedInPage(context, DEMO);
    const api = context.request;
    // A repository of this test's own (a clone of the seeded one), connected to "GitHub".
    const seeded = await repositoryPath(api, "invoice-kit");
    const folder = join(dirname(seeded), `publish-${id}`);
    await git(dirname(seeded), ["clone", "-q", seeded, folder]);
    await git(folder, ["branch", "feature", "origin/feature/discount-cap"]);
    const fullName = `e2e/publish-${id}`;
    const registered = await api.post(`${WS}/repositories`, { data: { name: `publish-${id}`, path: folder, githubFullName: fullName } });
    expect(registered.status(), await registered.text()).toBe(201);
    const repositoryId = (await registered.json()).repository.id as string;
    // An installation token: GitHub refuses a personal access token (ghp_) check runs.
    const token = `ghs_${randomBytes(18).toString("hex")}`;
    github.addRepository(fullName, token);
    const head = await git(folder, ["rev-parse", "feature"]);
    github.addCommit(fullName, head);

    await page.goto("/w/demo/settings/repositories");
    const settings = page.getByRole("form", { name: `GitHub publishing for publish-${id}` });
    await expect(settings).toContainText("no token");
    // Which credential publishes: neither yet, and the message says what to configure.
    const credential = settings.getByTestId("publishing-credential");
    await expect(credential).toHaveAttribute("data-credential", "none");
    await expect(credential).toContainText("Publishing is off: no GitHub App is configured (GATEHOUSE_GITHUB_APP_ID and GATEHOUSE_GITHUB_APP_PRIVATE_KEY)");
    await settings.getByLabel("GitHub token").fill(token);
    await settings.getByRole("button", { name: "Save token" }).click();
    await expect(settings).toContainText(`token set · …${token.slice(-4)}`);
    await expect(credential).toHaveAttribute("data-credential", "token");
    // A hold publishes as neutral unless the repository chooses failure (branch protection counts neutral as passing).
    const holdAs = settings.getByLabel("Publish a hold as");
    await expect(holdAs).toHaveValue("neutral");
    await expect(settings).toContainText("counts a neutral check as passing");
    await holdAs.selectOption("failure");
    await expect(holdAs).toHaveValue("failure");
    await page.reload();
    await expect(page.getByRole("form", { name: `GitHub publishing for publish-${id}` }).getByLabel("Publish a hold as")).toHaveValue("failure");
    await expect(settings.getByLabel("GitHub token")).toHaveValue("");
    expect(await page.content()).not.toContain(token);
    expect(await seriousViolations(page)).toEqual([]);

    const opened = await api.post(`${WS}/pulls`, { data: { repositoryId, baseRef: "main", headRef: "feature", title: `Publish e2e ${id}` } });
    expect(opened.status(), await opened.text()).toBe(201);
    const pullId = (await opened.json()).pullRequest.id as string;
    await page.goto(`/w/demo/pulls/${pullId}`);
    await expect(page.getByTestId("verdict-banner")).not.toHaveAttribute("data-verdict", "pending", { timeout: 60_000 });
    const status = page.getByTestId("publish-status");
    await expect(status).toHaveAttribute("data-status", "published", { timeout: 30_000 });
    await expect(status).toContainText(/Check run "Gatehouse" published: (success \(ship\)|failure \(hold, as this repository publishes holds\)|failure \(block\))/);
    const run = github.checkRuns.find((r) => r.head_sha === head)!;
    expect(run.status).toBe("completed");
    await expect(status.getByRole("link", { name: "View on GitHub" })).toHaveAttribute("href", run.html_url);
    expect(github.requests.every((r) => r.headers.authorization === `token ${token}`)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // GitHub is down for the next tries: the room shows the failure live, with the reason; the retry publishes.
    github.failNext(2, { status: 503, body: { message: "Service Unavailable" } });
    expect((await api.post(`${WS}/pulls/${pullId}/publish`)).status()).toBe(202);
    await expect(status).toHaveAttribute("data-status", "failed", { timeout: 30_000 });
    await expect(status).toContainText("Publishing to GitHub failed after 2 tries: GitHub answered 503");
    expect(await seriousViolations(page)).toEqual([]);
    await status.getByRole("button", { name: "Retry publishing" }).click();
    await expect(status).toHaveAttribute("data-status", "published", { timeout: 30_000 });
    expect(github.checkRuns.filter((r) => r.head_sha === head)).toHaveLength(1);
  } finally {
    await github.close();
  }
});
