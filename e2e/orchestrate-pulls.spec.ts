/**
 * O7, O5, S2 in Chromium with two people: Dana gives an orchestrate room a
 * goal and approves the proposal; the hired agents work on their own branches;
 * the ticket that changed code opens a pull request whose built-in review
 * holds it for a file outside the ticket's scope; Sam confirms that finding on
 * the ticket's pull request; the ticket stays in review (the pipeline waits)
 * until Dana overrides it with a reason; the read-only ticket finished with
 * "no changes"; then the synthesis step posts its summary in the room.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO, signedInPage, TEAMMATE } from "./support/session";

test("O7, O5, S2: goal → Dana approves → tickets on their own branches → a pull request held for a file outside its scope → Sam confirms the finding → Dana overrides with a reason → synthesis in the room", async ({ browser, context }) => {
  test.setTimeout(240_000);
  const id = randomUUID().slice(0, 8);
  const page = await signedInPage(context, DEMO);
  const api = context.request;
  const ws = "/api/workspaces/demo";
  const synthesis = `Summary ${id}: the cap constant is in, and the check found nothing to change.`;
  const call = (name: string, args: unknown) => ({ name, args });
  // Role names are unique per run: hiring reuses agents by name (O5).
  const proposal = {
    roles: [
      { name: `maker-${id}`, description: "Changes src/." },
      { name: `checker-${id}`, description: "Reads and reports." },
    ],
    tickets: [
      { key: "cap", title: "Add the discount cap constant", description: "Export MAX_DISCOUNT from src/cap.js.", role: `maker-${id}`, acceptance: ["src/cap.js exports MAX_DISCOUNT = 50"], scope: ["src/"] },
      { key: "check", title: "Check the README", description: "Change it only if it is wrong.", role: `checker-${id}`, scope: ["README.md"] },
    ],
    synthesis: { title: `Discount cap ${id}`, description: "Sum up the tickets." },
    budget: { maxRuns: 10, maxMinutes: 30 },
  };
  const script = {
    chunkDelayMs: 10,
    scenarios: [
      {
        when: "^Ticket cap:",
        steps: [
          { text: "Adding the constant.", toolCalls: [call("write_file", { path: "src/cap.js", content: "export const MAX_DISCOUNT = 50;\n" }), call("write_file", { path: "docs/cap.md", content: "# Cap\n" })] },
          { text: "Added MAX_DISCOUNT in src/cap.js, with a note in docs." },
        ],
      },
      { when: "^Ticket check:", steps: [{ toolCalls: [call("read_file", { path: "README.md" })] }, { text: "The README is right; nothing to change." }] },
      { when: "^Ticket synthesis:", steps: [{ text: synthesis }] },
      { steps: [{ text: "Here is a team for it.", toolCalls: [call("propose_orchestration", proposal)] }, { text: "The proposal waits for a person." }] },
    ],
  };
  const agent = await api.post(`${ws}/agents`, { data: { name: `Lead ${id}`, provider: "scripted", script } });
  expect(agent.status(), await agent.text()).toBe(201);
  const agentId = (await agent.json()).agent.id as string;
  const repositories = (await (await api.get(`${ws}/repositories`)).json()).repositories as { id: string }[];
  const created = await api.post(`${ws}/rooms`, { data: { name: `Pull per ticket ${id}`, mode: "orchestrate", autonomy: "auto", agentId, repositoryId: repositories[0]!.id } });
  expect(created.status(), await created.text()).toBe(201);
  const roomId = (await created.json()).room.id as string;

  // Dana: goal → proposal → approve.
  await page.goto(`/w/demo/rooms/${roomId}?tab=plan`);
  await page.getByTestId("composer-input").fill("Cap discounts at 50%");
  await page.getByTestId("composer-send").click();
  const pending = page.locator('[data-testid="proposal"][data-status="pending"]');
  await expect(pending).toHaveCount(1, { timeout: 60_000 });
  await pending.getByTestId("approve-proposal").click();

  const pipeline = page.getByTestId("pipeline");
  await expect(pipeline).toBeVisible({ timeout: 30_000 });
  const step = (key: string) => pipeline.locator(`[data-testid="pipeline-step"][data-key="${key}"]`);
  // The read-only ticket completes without a pull request and says so.
  await expect(step("check")).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
  await expect(step("check").getByTestId("ticket-review")).toContainText("No changes");
  // The code ticket: its own branch, a pull request, a hold verdict; it stays in review and the synthesis waits.
  await expect(step("cap")).toHaveAttribute("data-status", "in_review", { timeout: 120_000 });
  await expect(step("cap").getByTestId("ticket-review")).toContainText(/gatehouse\/discount-cap-[^/]+-[a-z0-9]{6}\/cap/);
  await expect(step("cap").getByTestId("ticket-review")).toContainText("verdict: hold", { timeout: 120_000 });
  await expect(step("synthesis")).toHaveAttribute("data-status", "pending");
  const pullHref = await step("cap").getByTestId("ticket-pull-link").getAttribute("href");
  expect(pullHref).toMatch(/^\/w\/demo\/pulls\//);

  // Sam confirms the reviewer's finding on the ticket's pull request (R3: another person than its author).
  const samContext = await browser.newContext();
  const sam = await signedInPage(samContext, TEAMMATE);
  await sam.goto(pullHref!);
  const finding = sam.getByTestId("finding-card").filter({ hasText: "Outside ticket cap's scope: docs/cap.md" });
  await expect(finding).toBeVisible({ timeout: 60_000 });
  await finding.getByTestId("finding-confirm").click();
  await expect(finding.getByTestId("finding-status")).toHaveAttribute("data-status", "consensusReady");
  await expect(finding.getByTestId("finding-confirmations")).toContainText("Sam Teammate");
  await samContext.close();

  // A confirmed hold is still a hold: the ticket waits in review.
  await page.reload();
  await expect(step("cap")).toHaveAttribute("data-status", "in_review");

  // Dana overrides with a reason, recorded with her name; the pipeline moves on to synthesis.
  await step("cap").getByTestId("override-ticket").click();
  await step("cap").getByLabel("Why is ticket cap done despite its verdict?").fill("The docs note belongs with the constant; accepted.");
  await step("cap").getByTestId("override-submit").click();
  await expect(step("cap")).toHaveAttribute("data-status", "succeeded");
  await expect(step("cap").getByTestId("ticket-override")).toContainText("The docs note belongs with the constant; accepted.");
  await expect(pipeline).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
  await expect(page.getByText(synthesis)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/overrode the review of ticket cap/)).toBeVisible();
});
