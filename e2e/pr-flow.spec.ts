/**
 * From a room's work to a merged pull request, in Chromium on the seeded
 * invoice-kit repository: "Open pull request" on a room's branch comes
 * prefilled, the base is picked from the repository's branches, the built-in
 * reviewer says ship — beside the report-only `todo-count` check that fails
 * on this repository, so no surface shows success colour (R5, R8) — and a
 * person merges it (H3: into Gatehouse's mirror). Applying a suggestion makes
 * a new head that is re-reviewed (R8). Each test works on branches of its own.
 */
import { randomUUID } from "node:crypto";
import { dirname, join } from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { commitToBranch, git, repositoryPath, WS } from "./support/repo";
import { DEMO, signedInPage } from "./support/session";

const README = (id: string) => `# invoice-kit\n\nNotes for ${id}.\n\nA line with teh typo.\n`;

/** A chat room on invoice-kit whose branch (in Gatehouse's mirror) has one commit changing README.md. */
async function roomWithWork(api: APIRequestContext, id: string) {
  const repo = await repositoryPath(api, "invoice-kit");
  const repositories = (await (await api.get(`${WS}/repositories`)).json()).repositories as { id: string; name: string }[];
  const repositoryId = repositories.find((r) => r.name === "invoice-kit")!.id;
  const created = await api.post(`${WS}/rooms`, { data: { name: `Docs ${id}`, mode: "chat", repositoryId } });
  expect(created.status(), await created.text()).toBe(201);
  const room = (await created.json()).room as { id: string; branch: string };
  // The room's branch lives in Gatehouse's mirror (H3), beside the demo's repository folder.
  const data = dirname(dirname(repo));
  const mirror = join(data, "mirrors", `${repositoryId}.git`);
  // src/notes.txt is prose to the reviewer, but the repository's report-only todo-count check greps src/ and fails on it.
  const head = await commitToBranch(mirror, `gatehouse/${room.id}`, { "README.md": README(id), "src/notes.txt": `TODO: translate the notes for ${id}\n` }, `Docs for ${id}`);
  // As if the room's agent had committed: its worktree is at the new commit, with nothing uncommitted.
  await git(data, ["-c", "safe.directory=*", "--git-dir", join(mirror, "worktrees", room.id), "--work-tree", join(data, "worktrees", room.id), "reset", "-q", "--hard"]);
  return { repo, repositoryId, room, head, mirror };
}

test("R8, H3: open a pull request from a room's branch (prefilled, base picked from the branches) → review → ship beside a failing check shows no green → merge", async ({ context }) => {
  test.setTimeout(180_000);
  const id = randomUUID().slice(0, 8);
  const page = await signedInPage(context, DEMO);
  const { repo, room, head, mirror } = await roomWithWork(context.request, id);
  // A base of this test's own, so the merge moves no branch another test reads.
  const base = `e2e/base-${id}`;
  await git(repo, ["branch", base, "main"]);

  await page.goto(`/w/demo/rooms/${room.id}`);
  await page.getByTestId("room-open-pull").click();
  await expect(page.getByTestId("open-pull-form")).toBeVisible();
  await expect(page.getByTestId("open-pull-head")).toHaveValue(`gatehouse/${room.id}`);
  await expect(page.getByTestId("open-pull-base")).toHaveValue("main");
  await expect(page.getByTestId("open-pull-title")).toHaveValue(`Docs ${id}`);
  // The base is picked from the repository's branches, searched by name.
  const basePicker = page.getByTestId("open-pull-base");
  await basePicker.fill(`base-${id}`);
  const option = page.locator(`[data-testid="branch-option"][data-branch="${base}"]`);
  await expect(option).toBeVisible();
  await expect(page.getByTestId("branch-option")).toHaveCount(1);
  await basePicker.press("Enter");
  await expect(basePicker).toHaveValue(base);
  await page.getByTestId("open-pull-submit").click();
  await expect(page).toHaveURL(/\/w\/demo\/pulls\/[a-z0-9]+$/);
  const pullUrl = page.url();
  await expect(page.getByTestId("head-sha")).toHaveAttribute("data-sha", head);

  // The built-in reviewer finds nothing in a README change: ship — but todo-count (report-only) fails on this repository.
  const banner = page.getByTestId("verdict-banner");
  await expect(banner).toHaveAttribute("data-verdict", "ship", { timeout: 90_000 });
  await expect(banner).toHaveAttribute("data-caveats", "1");
  await expect(banner).not.toHaveClass(/emerald/);
  await expect(page.getByTestId("verdict-caveats")).toContainText("todo-count failed (report-only)");

  // The list says so too: "Ship · 1 check failing", in a warning colour, never the success one.
  await page.goto("/w/demo/pulls");
  const row = page.getByTestId("pull-row").filter({ hasText: `Docs ${id}` });
  const badge = row.getByTestId("verdict-badge");
  await expect(badge).toHaveAttribute("data-verdict", "ship");
  await expect(badge).toHaveAttribute("data-caveats", "1");
  await expect(badge).toContainText(/Ship\s*· 1 check failing/);
  await expect(badge).not.toHaveClass(/emerald/);

  // A second page keeps the list open: it follows the merge without a reload.
  const list = await context.newPage();
  await list.goto("/w/demo/pulls");
  await list.locator('select[name="state"]').selectOption("");
  const listed = list.getByTestId("pull-row").filter({ hasText: `Docs ${id}` });
  await expect(listed).toBeVisible();
  await expect(listed).not.toContainText("merged");

  // Ship at the current head: one click merges it (a fast-forward here), and the review turns read-only.
  await page.goto(pullUrl);
  const panel = page.getByTestId("merge-panel");
  await expect(panel).toHaveAttribute("data-ready", "true");
  await panel.getByTestId("merge-method-fast-forward").check();
  await panel.getByTestId("merge-button").click();
  await expect(page.getByTestId("pull-state")).toHaveAttribute("data-state", "merged");
  await expect(page.getByTestId("merge-record")).toContainText(`Merged into ${base}`);
  await expect(page.getByTestId("merge-record")).toContainText("fast-forward");
  await expect(page.getByTestId("pull-closed-note")).toContainText("read-only");
  await expect(page.getByTestId("merge-panel")).toHaveCount(0);
  await expect(listed).toContainText("merged");
  // H3: the branch moved in Gatehouse's mirror; the demo's folder keeps its own.
  expect(await git(mirror, ["rev-parse", `refs/heads/${base}`])).toBe(head);
  expect(await git(repo, ["rev-parse", base])).toBe(await git(repo, ["rev-parse", "main"]));

});

test("R8: apply a suggestion → a new head authored by the person → the old verdict is stale → re-review; a hold merges only with a recorded override", async ({ context }) => {
  test.setTimeout(180_000);
  const id = randomUUID().slice(0, 8);
  const page = await signedInPage(context, DEMO);
  const api = context.request;
  const { repositoryId, room, head, mirror } = await roomWithWork(api, id);
  const base = `e2e/base-${id}`;
  await git(await repositoryPath(api, "invoice-kit"), ["branch", base, "main"]);
  const opened = await api.post(`${WS}/pulls`, { data: { repositoryId, baseRef: base, headRef: `gatehouse/${room.id}`, title: `Typo ${id}` } });
  expect(opened.status(), await opened.text()).toBe(201);
  const pullId = (await opened.json()).pullRequest.id as string;

  await page.goto(`/w/demo/pulls/${pullId}`);
  const banner = page.getByTestId("verdict-banner");
  await expect(banner).toHaveAttribute("data-verdict", "ship", { timeout: 90_000 });

  // A person's finding with a suggested change on README.md line 5.
  const added = await api.post(`${WS}/pulls/${pullId}/findings`, {
    data: { kind: "suggestion", priority: "P3", confidence: 0.9, title: `Typo ${id}`, body: "teh → the", suggestion: "A line with the typo fixed.", anchor: { file: "README.md", startLine: 5, endLine: 5 } },
  });
  expect(added.status(), await added.text()).toBe(201);
  const card = page.getByTestId("finding-card").filter({ hasText: `Typo ${id}` });
  await expect(card).toBeVisible();
  await card.getByTestId("apply-suggestion").click();
  await card.getByTestId("apply-suggestion-confirm").click();
  await expect(card.getByTestId("apply-suggestion-result")).toContainText("the new head is being re-reviewed");

  // A new head, made by the person who clicked, with the line replaced.
  const newHead = await git(mirror, ["rev-parse", `refs/heads/gatehouse/${room.id}`]);
  expect(newHead).not.toBe(head);
  await expect(page.getByTestId("head-sha")).toHaveAttribute("data-sha", newHead);
  expect(await git(mirror, ["log", "-1", "--format=%an|%P", newHead])).toMatch(new RegExp(`\\|${head}$`));
  expect(await git(mirror, ["show", `${newHead}:README.md`])).toContain("A line with the typo fixed.");
  expect(await git(mirror, ["log", "-1", "--format=%ae", newHead])).toBe(DEMO.email);
  // R8: the ship for the old head is stale; the re-review forms a verdict for the new one.
  await expect(banner).toHaveAttribute("data-head-sha", newHead, { timeout: 90_000 });

  // A hold at the current head (a person's P1 finding) merges only with a reason, which is shown with the name.
  const hold = await api.post(`${WS}/pulls/${pullId}/findings`, { data: { kind: "bug", priority: "P1", confidence: 0.9, title: `Hold ${id}`, body: "wait" } });
  expect(hold.status(), await hold.text()).toBe(201);
  await page.reload();
  const panel = page.getByTestId("merge-panel");
  await expect(banner).not.toHaveAttribute("data-verdict", "ship", { timeout: 30_000 });
  await expect(panel.getByTestId("merge-blocker")).toContainText(`for ${newHead.slice(0, 7)}`);
  await panel.getByTestId("merge-override").click();
  await panel.getByTestId("merge-override-reason").fill(`Docs only; the ${id} hold is about wording`);
  await panel.getByTestId("merge-override-submit").click();
  await expect(page.getByTestId("pull-state")).toHaveAttribute("data-state", "merged");
  await expect(page.getByTestId("merge-override-record")).toContainText(`Docs only; the ${id} hold is about wording`);
  await expect(page.getByTestId("merge-override-record")).toContainText("by Dana Demo");
});

test("a run's changes page: a review run that changed nothing says so, for people who may read the workspace", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const pulls = (await (await context.request.get(`${WS}/pulls`)).json()).pullRequests as { id: string }[];
  const detail = await (await context.request.get(`${WS}/pulls/${pulls[pulls.length - 1]!.id}`)).json();
  const runId = (detail.reviews as { runId: string | null }[]).find((r) => r.runId)?.runId;
  expect(runId, "the seeded pull request has a review run").toBeTruthy();
  await page.goto(`/w/demo/runs/${runId}/changes`);
  await expect(page.getByTestId("run-changes")).toHaveAttribute("data-kind", "none");
  await expect(page.getByTestId("run-changes")).toContainText("No changes");
  expect((await context.request.get(`${WS}/runs/not-a-run/changes`)).status()).toBe(404);
});
