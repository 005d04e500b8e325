/**
 * O1, O5, O8, S2 in Chromium: an orchestrate-mode room with the scripted
 * Orchestrator → a proposal → a person rejects it with a comment the agent
 * sees → a revised proposal → approve → the pipeline graph shows the hired
 * agents' steps running to success with their tokens.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO, signedInPage } from "./support/session";

test("O8, O5, S2: propose → reject with a comment → revised proposal → approve → hired agents run the pipeline to success", async ({ context }) => {
  test.setTimeout(360_000);
  const page = await signedInPage(context, DEMO);
  const api = context.request;
  const ws = "/api/workspaces/demo";
  const agents = (await (await api.get(`${ws}/agents`)).json()).agents as { id: string; name: string }[];
  const repositories = (await (await api.get(`${ws}/repositories`)).json()).repositories as { id: string }[];
  const orchestrator = agents.find((a) => a.name === "Orchestrator")!;
  const created = await api.post(`${ws}/rooms`, {
    data: { name: `Orchestrate e2e ${randomUUID().slice(0, 8)}`, mode: "orchestrate", agentId: orchestrator.id, repositoryId: repositories[0]!.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const roomId = (await created.json()).room.id as string;

  await page.goto(`/w/demo/rooms/${roomId}?tab=plan`);
  await page.getByTestId("composer-input").fill("Cap discounts at 50%, with tests");
  await page.getByTestId("composer-send").click();
  const proposals = page.getByTestId("proposal");
  await expect(proposals).toHaveCount(1, { timeout: 60_000 });
  await expect(proposals.first()).toHaveAttribute("data-status", "pending");

  // O8: reject with a comment; it is shown on the proposal and posted for the agent.
  await proposals.first().getByLabel("Comment for the agent").fill("Add a docs role");
  await proposals.first().getByTestId("reject-proposal").click();
  // The revision the rejection starts may already be listed first, so the rejected one is found by its status.
  const rejected = page.locator('[data-testid="proposal"][data-status="rejected"]');
  await expect(rejected).toHaveCount(1);
  await expect(rejected.getByTestId("proposal-comment")).toContainText("Add a docs role");
  await expect(page.getByText("I rejected the orchestration proposal. Add a docs role.")).toBeVisible();

  // The rejection starts the agent on the comment at once; its revision is not held by the cooldown (the person answered).
  await expect(proposals).toHaveCount(2, { timeout: 60_000 });
  const revised = page.locator('[data-testid="proposal"][data-status="pending"]');
  await expect(revised).toHaveCount(1);

  // O5: approve → a pipeline of hired agents runs to success.
  await revised.getByTestId("approve-proposal").click();
  const pipeline = page.getByTestId("pipeline");
  await expect(pipeline).toBeVisible({ timeout: 30_000 });
  await expect(pipeline.getByTestId("pipeline-step")).toHaveCount(3);
  await expect(pipeline.locator('[data-testid="pipeline-step"][data-key="impl"]')).toContainText("implementer");
  await expect(pipeline.locator('[data-testid="pipeline-step"][data-key="docs"]')).toContainText("writer");
  // O7: both tickets change code; each ends as a pull request the built-in reviewer ships.
  await expect(pipeline).toHaveAttribute("data-status", "succeeded", { timeout: 240_000 });
  await expect(pipeline.locator('[data-testid="pipeline-step"][data-status="succeeded"]')).toHaveCount(3);
  await expect(pipeline.getByTestId("pipeline-budget")).toContainText("of 6 runs");
});
