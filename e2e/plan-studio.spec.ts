/**
 * P2, P3, A2, A4, G1 in Chromium: a plan-mode room with the scripted Planner →
 * a message → the plan arrives as a compact row → Plan Studio shows the graph
 * → approve → the tickets run in dependency order (the code ticket changes
 * code and waits in review on its pull request; the docs ticket waits for it)
 * → the room is back in Agent mode. The rest of the loop (review, fix, ship,
 * merge) is e2e/demo-loop.spec.ts.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO, signedInPage } from "./support/session";

test("P2, P3, A2, A4: scripted plan → Plan Studio graph → approve → tickets run in order, the code ticket as a pull request → room back in Agent mode", async ({ context }) => {
  test.setTimeout(300_000);
  const page = await signedInPage(context, DEMO);
  const api = context.request;
  const ws = "/api/workspaces/demo";
  const agents = (await (await api.get(`${ws}/agents`)).json()).agents as { id: string; name: string }[];
  const repositories = (await (await api.get(`${ws}/repositories`)).json()).repositories as { id: string }[];
  const planner = agents.find((a) => a.name === "Planner")!;
  const created = await api.post(`${ws}/rooms`, {
    data: { name: `Plan e2e ${randomUUID().slice(0, 8)}`, mode: "plan", agentId: planner.id, repositoryId: repositories[0]!.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const roomId = (await created.json()).room.id as string;

  await page.goto(`/w/demo/rooms/${roomId}`);
  await expect(page.getByTestId("mode-select")).toHaveValue("plan");
  await page.getByTestId("composer-input").fill("Plan capping discounts at 50%, with tests");
  await page.getByTestId("composer-send").click();

  // P2: the plan is a compact row that opens Plan Studio beside the conversation.
  const row = page.getByTestId("plan-row");
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText("Plan v1 · 2 steps");
  await expect(page.getByTestId("run-outcome").first()).toHaveAttribute("data-outcome", "plan_drafted", { timeout: 30_000 });
  await row.getByRole("link", { name: /Open plan v1 in Plan Studio/ }).click();
  await expect(page).toHaveURL(/tab=plan&plan=/);

  const studio = page.getByTestId("plan-studio");
  await expect(studio).toBeVisible();
  await expect(studio.getByTestId("plan-graph")).toBeVisible();
  await expect(studio.getByTestId("plan-node")).toHaveCount(2);
  await studio.locator('[data-testid="plan-node"][data-key="docs"]').click();
  await expect(studio.getByTestId("step-details")).toContainText("Document discounts in the README");
  await expect(studio.getByTestId("step-details")).toContainText("cap");

  // A2: the Markdown export is a PLAN.md download.
  const href = await studio.getByTestId("export-markdown").getAttribute("href");
  const markdown = await api.get(href!);
  expect(markdown.headers()["content-disposition"]).toContain("PLAN.md");
  expect(await markdown.text()).toMatch(/^# Cap discounts at 50%/);

  // P3: approve → tickets run in dependency order → Agent mode.
  await studio.getByTestId("approve-plan").click();
  await expect(studio.getByTestId("plan-decision")).toHaveAttribute("data-status", "approved");
  await expect(page.getByTestId("mode-select")).toHaveValue("chat");
  await expect(studio.getByTestId("ticket")).toHaveCount(2);
  // O7: the code ticket changed code: it waits in review on its pull request, and the docs ticket (which depends on it) waits too.
  const cap = studio.locator('[data-testid="ticket"][data-key="cap"]');
  await expect(cap).toHaveAttribute("data-status", "in_review", { timeout: 150_000 });
  await expect(studio.locator('[data-testid="ticket"][data-key="docs"]')).toHaveAttribute("data-status", "pending");
  await expect(studio.getByTestId("orchestration")).toHaveAttribute("data-status", "running");

  // In review from the moment its run ends; its pull request opens just after (git and a review room on a busy machine).
  const capTicket = async () => {
    const { orchestrations } = await (await api.get(`${ws}/rooms/${roomId}/orchestrations`)).json();
    const tickets = orchestrations[0].tickets as { key: string; branch: string | null; pullRequest: { id: string } | null }[];
    return tickets.find((t) => t.key === "cap")!;
  };
  expect((await capTicket()).branch).toMatch(/^gatehouse\//);
  // The listing names a ticket's pull request as `pullRequest` (with its verdict), not by a bare id.
  await expect.poll(async () => (await capTicket()).pullRequest?.id, { timeout: 120_000 }).toBeTruthy();
  const room = await (await api.get(`${ws}/rooms/${roomId}`)).json();
  expect(room.room.mode).toBe("chat");
  await expect(page.locator('[data-testid="room-name"] + [data-testid="mode-badge"]')).toHaveAttribute("data-mode", "chat");
});
