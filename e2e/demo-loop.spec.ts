/**
 * The product's main loop, walked in Chromium on the EMBEDDED DEFAULT (PGlite,
 * no DATABASE_URL, no model key — the server `npm run dev` starts for a
 * newcomer), with the seeded demo's scripted agents and two people:
 *
 * Dana asks the Planner for a plan → Sam approves it in Plan Studio (P3) → the
 * code ticket works on a branch of its own and ends as a pull request opened
 * for Sam (O7) → the built-in reviewer holds it for a committed .env (R5) and
 * Sam is notified of the verdict on his pull request → Sam confirms the finding
 * (R3: another person than its author) → Dana has the Builder fix it in a fix
 * room and commits the fix there as herself → the pull request follows the new
 * head without "Refresh head" (R8), is re-reviewed, the finding closes and the
 * verdict is ship → Dana merges (a write through one transaction, on PGlite).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, signedInPage, TEAMMATE } from "./support/session";

const WS = "/api/workspaces/demo";

/** Browser notifications are recorded instead of shown (the OS notification is the boundary); the person opted in. */
async function recordingNotifications(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const notes: { title: string; body?: string }[] = [];
    (window as unknown as { __notes: typeof notes }).__notes = notes;
    class RecordedNotification {
      static permission = "granted";
      static requestPermission = async () => "granted";
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        notes.push({ title, body: options?.body });
      }
      close() {}
    }
    (window as unknown as { Notification: unknown }).Notification = RecordedNotification;
    localStorage.setItem("gatehouse-browser-notifications", "on");
  });
  return signedInPage(context, user);
}

test("P3, O7, R3, R5, R8: on the embedded default — scripted plan → a ticket that changes code → pull request → review holds → a second person is notified and confirms → fix → the pull request follows → ship → merge", async ({ browser }) => {
  test.setTimeout(900_000);
  const dana = await signedInPage(await browser.newContext(), DEMO);
  const sam = await recordingNotifications(browser, TEAMMATE);
  const api = dana.context().request;

  // Not PostgreSQL: the embedded default, as a newcomer runs it.
  expect((await (await api.get("/api/health")).json()).database).toBe("pglite");

  // Dana asks the seeded Planner for a plan in the seeded plan-mode room.
  const rooms = (await (await api.get(`${WS}/rooms`)).json()).rooms as { id: string; name: string }[];
  const planRoom = rooms.find((r) => r.name === "Plan: capped discounts")!;
  expect(planRoom, "the demo seeds a plan room").toBeTruthy();
  await dana.goto(`/w/demo/rooms/${planRoom.id}`);
  await dana.getByTestId("composer-input").fill("Plan capping discounts at 50%, with tests and docs");
  await dana.getByTestId("composer-send").click();
  const row = dana.getByTestId("plan-row");
  await expect(row).toBeVisible({ timeout: 120_000 });
  await expect(row).toContainText("Plan v1 · 2 steps");

  // Sam approves it in Plan Studio (P3): tickets in dependency order, the room back in Agent mode.
  const plans = (await (await api.get(`${WS}/rooms/${planRoom.id}/plans`)).json()).plans as { id: string }[];
  await sam.goto(`/w/demo/rooms/${planRoom.id}?tab=plan&plan=${plans[0]!.id}`);
  const studio = sam.getByTestId("plan-studio");
  await expect(studio.getByTestId("plan-node")).toHaveCount(2, { timeout: 60_000 });
  await expect(studio.getByTestId("approve-plan")).toBeEnabled();
  await studio.getByTestId("approve-plan").click();
  // Approving compiles the tickets and switches the room in one transaction; a busy machine takes its time.
  await expect(studio.getByTestId("plan-decision")).toHaveAttribute("data-status", "approved", { timeout: 120_000 });
  await expect(sam.getByTestId("mode-select")).toHaveValue("chat", { timeout: 60_000 });

  // O7: the code ticket changes code on a branch of its own and ends as a pull request (opened for Sam, who approved).
  const cap = studio.locator('[data-testid="ticket"][data-key="cap"]');
  await expect(cap).toHaveAttribute("data-status", "in_review", { timeout: 300_000 });
  await expect(studio.locator('[data-testid="ticket"][data-key="docs"]')).toHaveAttribute("data-status", "pending");
  // In review from the moment its run ends; its pull request opens just after (git and a review room on a busy machine).
  const capTicket = async () => {
    const { orchestrations } = await (await api.get(`${WS}/rooms/${planRoom.id}/orchestrations`)).json();
    return (orchestrations[0].tickets as { key: string; branch: string; pullRequest: { id: string } | null }[]).find((t) => t.key === "cap")!;
  };
  expect((await capTicket()).branch).toMatch(/^gatehouse\//);
  // The listing names a ticket's pull request as `pullRequest` (with its verdict), not by a bare id.
  await expect.poll(async () => (await capTicket()).pullRequest?.id, { timeout: 120_000 }).toBeTruthy();
  const pullId = (await capTicket()).pullRequest!.id;

  // R5: the built-in reviewer holds it for the .env the ticket committed; Sam is notified of the verdict on his pull request.
  await dana.goto(`/w/demo/pulls/${pullId}`);
  const banner = dana.getByTestId("verdict-banner");
  await expect(banner).toHaveAttribute("data-verdict", "hold", { timeout: 300_000 });
  const heldAt = await dana.getByTestId("head-sha").getAttribute("data-sha");
  await expect
    .poll(async () => (await sam.evaluate(() => (window as unknown as { __notes: { title: string }[] }).__notes)).map((n) => n.title), { timeout: 60_000 })
    .toContainEqual(expect.stringMatching(/^Verdict on #\d+: hold$/));

  // R3: Sam, not the finding's author, confirms it.
  await sam.goto(`/w/demo/pulls/${pullId}`);
  const samCard = sam.getByTestId("finding-card").filter({ hasText: "Environment file committed (.env)" });
  await expect(samCard).toBeVisible({ timeout: 60_000 });
  await samCard.getByTestId("finding-confirm").click();
  await expect(samCard).toHaveAttribute("data-status", "consensusReady");

  // Dana has the Builder fix it in a room of its own, then commits the fix there as herself.
  const card = dana.getByTestId("finding-card").filter({ hasText: "Environment file committed (.env)" });
  await expect(card).toHaveAttribute("data-status", "consensusReady", { timeout: 60_000 });
  await card.getByTestId("finding-fix").click();
  // Fixing opens the new room at once (the card's link to it may never be seen on the way).
  await expect(dana).toHaveURL(/\/w\/demo\/rooms\//, { timeout: 60_000 });
  await expect(dana.getByText("Done: .env is removed and ignored.")).toBeVisible({ timeout: 180_000 });
  // The fix room's commits go to the pull request it fixes; it offers no pull request of its own.
  await expect(dana.getByTestId("room-branch-pull")).toContainText("Commits here go to pull request #");
  await expect(dana.getByTestId("room-open-pull")).toHaveCount(0);
  await dana.getByTestId("room-commit-open").click();
  await dana.getByTestId("room-commit-message").fill("Remove the committed .env and ignore .env files");
  await dana.getByTestId("room-commit-submit").click();
  await expect(dana.getByTestId("room-commit-done")).toContainText("Remove the committed .env");
  await expect(dana.getByText(/Dana Demo committed [0-9a-f]{12} on gatehouse\/.+: Remove the committed \.env/)).toBeVisible({ timeout: 30_000 });

  // R8: the pull request followed the fix without "Refresh head"; the re-review closes the finding and ships.
  await dana.goto(`/w/demo/pulls/${pullId}`);
  await expect(dana.getByTestId("head-sha")).not.toHaveAttribute("data-sha", heldAt!, { timeout: 60_000 });
  await expect(banner).toHaveAttribute("data-verdict", "ship", { timeout: 300_000 });
  const findings = (await (await api.get(`${WS}/pulls/${pullId}/findings`)).json()).findings as { title: string; status: string }[];
  expect(findings.find((f) => f.title === "Environment file committed (.env)")?.status).toBe("resolved");

  // Dana merges (a transaction on PGlite: no savepoint may be needed).
  const panel = dana.getByTestId("merge-panel");
  await expect(panel).toHaveAttribute("data-ready", "true");
  await panel.getByTestId("merge-button").click();
  await expect(dana.getByTestId("pull-state")).toHaveAttribute("data-state", "merged", { timeout: 60_000 });
  await expect(dana.getByTestId("merge-record")).toBeVisible();

  // O7: the ticket is done on the ship verdict, and the docs ticket that waited for it starts.
  await sam.goto(`/w/demo/rooms/${planRoom.id}?tab=plan&plan=${plans[0]!.id}`);
  await expect(sam.locator('[data-testid="ticket"][data-key="cap"]')).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
  await expect(sam.locator('[data-testid="ticket"][data-key="docs"]')).not.toHaveAttribute("data-status", "pending", { timeout: 120_000 });
});
