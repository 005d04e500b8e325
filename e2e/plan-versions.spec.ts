/**
 * P2, P3 in Chromium: Plan Studio's version history and diff, a viewer who
 * cannot decide, and a rejection with a comment that the agent answers with a
 * revised version.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO, signedInPage, signIn, signUp, uniqueUser } from "./support/session";

const node = (key: string, title: string, dependsOn: string[] = [], description = "") => ({ key, title, description, dependsOn });
const V1 = [node("schema", "Add the table"), node("api", "Expose it", ["schema"]), node("docs", "Write docs", ["api"])];
const V2 = [node("schema", "Add the invoice table"), node("api", "Expose it", ["schema"]), node("ui", "Show it", ["api"])];
const SCRIPT = {
  chunkDelayMs: 5,
  scenarios: [
    { when: "address my comment", steps: [{ toolCalls: [{ name: "submit_plan", args: { goal: "Invoices, revised", nodes: V2 } }] }, { text: "Revised." }] },
    { steps: [{ toolCalls: [{ name: "submit_plan", args: { goal: "Invoices", nodes: V1 } }] }, { text: "Planned." }] },
  ],
};

test("P2, P3: a viewer cannot decide; a rejection with a comment leads to v2, whose diff shows added, removed and changed steps", async ({ browser, context }) => {
  test.setTimeout(150_000);
  const page = await signedInPage(context, DEMO);
  const api = context.request;
  const ws = "/api/workspaces/demo";
  const id = randomUUID().slice(0, 8);
  const agent = await api.post(`${ws}/agents`, { data: { name: `Versioner ${id}`, provider: "scripted", script: SCRIPT } });
  expect(agent.status(), await agent.text()).toBe(201);
  const room = await api.post(`${ws}/rooms`, { data: { name: `Plan versions ${id}`, mode: "plan", agentId: (await agent.json()).agent.id } });
  const roomId = (await room.json()).room.id as string;

  await page.goto(`/w/demo/rooms/${roomId}`);
  await page.getByTestId("composer-input").fill("Plan invoices");
  await page.getByTestId("composer-send").click();
  await page.getByTestId("plan-row").getByRole("link").click();
  const studio = page.getByTestId("plan-studio");
  await expect(studio.getByTestId("plan-node")).toHaveCount(3);

  // A viewer follows along but cannot decide.
  const viewer = uniqueUser("viewer");
  const viewerContext = await browser.newContext();
  await signUp(viewerContext.request, viewer);
  expect((await api.post(`${ws}/members`, { data: { email: viewer.email, role: "viewer" } })).status()).toBe(201);
  await signIn(viewerContext.request, viewer);
  const viewerPage = await viewerContext.newPage();
  await viewerPage.goto(`/w/demo/rooms/${roomId}?tab=plan`);
  await expect(viewerPage.getByTestId("plan-node")).toHaveCount(3);
  await expect(viewerPage.getByTestId("approve-plan")).toBeDisabled();
  await expect(viewerPage.getByTestId("plan-decision")).toContainText("viewer");
  await viewerContext.close();

  // Reject with a comment; the comment goes to the agent, which revises.
  await studio.getByLabel("Comment (optional)").fill("Swap the docs for a UI step");
  await studio.getByTestId("reject-plan").click();
  await expect(studio.getByTestId("plan-decision")).toHaveAttribute("data-status", "rejected");
  await expect(studio.getByTestId("plan-decision")).toContainText("Swap the docs for a UI step");
  await expect(page.getByTestId("mode-select")).toHaveValue("plan");
  await page.getByTestId("composer-input").fill("Please address my comment");
  await page.getByTestId("composer-send").click();
  await expect(page.getByTestId("plan-row")).toHaveCount(2, { timeout: 60_000 });
  await page.getByTestId("plan-row").nth(1).getByRole("link").click();
  await expect(studio.getByTestId("plan-studio-body")).toContainText("Plan v2");

  await studio.getByRole("tab", { name: "Changes since v1" }).click();
  const diff = studio.getByTestId("plan-diff");
  await expect(diff.locator('[data-diff="added"]')).toContainText("ui");
  await expect(diff.locator('[data-diff="removed"]')).toContainText("docs");
  await expect(diff.locator('[data-diff="changed"]')).toContainText("schema");
  await expect(diff).toContainText("Goal");

  const versions = studio.getByTestId("plan-versions").getByRole("button");
  await expect(versions).toHaveCount(2);
  await versions.filter({ hasText: "v1" }).click();
  await expect(studio.getByTestId("plan-studio-body")).toContainText("Plan v1");
  await expect(studio.getByTestId("plan-status")).toHaveAttribute("data-status", "rejected");
  await versions.filter({ hasText: "v2" }).click();
  await studio.getByRole("tab", { name: "Graph" }).click();
  await expect(studio.locator('[data-testid="plan-node"][data-change="added"]')).toHaveCount(1);

  // Deciding a version that is already decided is a 409 with the server's words.
  const v1 = (await (await api.get(`${ws}/rooms/${roomId}/plans`)).json()).plans.find((p: { version: number }) => p.version === 1);
  const late = await api.post(`${ws}/rooms/${roomId}/plans/${v1.id}/decision`, { data: { decision: "approve" } });
  expect(late.status()).toBe(409);
  expect((await late.json()).detail).toContain("already rejected");
});
