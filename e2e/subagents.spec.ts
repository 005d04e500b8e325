/**
 * A6 in Chromium: a delegate call's sub-agent shows as a nested block inside
 * the call's row — collapsed to its agent, status, tool calls and tokens;
 * opened with the keyboard, the child's words and its tool calls with tier
 * and decision. Scripted agents, a real worker and worktree.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO, signedInPage } from "./support/session";

test("A6: a sub-agent is a nested, collapsed block in its parent's conversation, with its calls' tier and decision", async ({ context }) => {
  test.setTimeout(120_000);
  const page = await signedInPage(context, DEMO);
  const api = context.request;
  const ws = "/api/workspaces/demo";
  const id = randomUUID().slice(0, 8);
  const childName = `Reader ${id}`;
  const child = await api.post(`${ws}/agents`, {
    data: {
      name: childName,
      provider: "scripted",
      script: { scenarios: [{ steps: [{ toolCalls: [{ name: "read_file", args: { path: "README.md" } }] }, { text: "The README names the project." }] }] },
    },
  });
  expect(child.status(), await child.text()).toBe(201);
  const parent = await api.post(`${ws}/agents`, {
    data: {
      name: `Lead ${id}`,
      provider: "scripted",
      script: { scenarios: [{ steps: [{ toolCalls: [{ name: "delegate", args: { task: "summarise the README", agent: childName } }] }, { text: "My sub-agent read the README." }] }] },
    },
  });
  expect(parent.status(), await parent.text()).toBe(201);
  const repositories = (await (await api.get(`${ws}/repositories`)).json()).repositories as { id: string }[];
  const created = await api.post(`${ws}/rooms`, { data: { name: `Delegation ${id}`, mode: "chat", agentId: (await parent.json()).agent.id, repositoryId: repositories[0]!.id } });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto(`/w/demo/rooms/${(await created.json()).room.id}`);
  await page.getByTestId("composer-input").fill("Find out what the README says");
  await page.getByTestId("composer-send").click();
  const run = page.getByTestId("run").last();
  await expect(run.getByTestId("run-status")).toHaveAttribute("data-status", "succeeded", { timeout: 90_000 });
  await expect(run.getByTestId("assistant-message").last()).toContainText("My sub-agent read the README.");

  // One entry: the child is inside the delegate call, not a run of its own.
  await expect(page.getByTestId("run")).toHaveCount(1);
  const delegate = run.locator('[data-testid="tool-call-row"][data-tool="delegate"]');
  const block = delegate.getByTestId("subagent-block");
  await expect(block).toHaveAttribute("data-status", "succeeded");
  const toggle = block.getByTestId("subagent-toggle");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toContainText(`Sub-agent · ${childName}`);
  await expect(block.getByTestId("subagent-totals")).toContainText(/1 tool call.*tokens/);
  await expect(block.getByTestId("tool-call-row")).toHaveCount(0);

  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const read = block.locator('[data-testid="tool-call-row"][data-tool="read_file"]');
  await expect(read.getByTestId("tier-badge")).toContainText("read");
  await expect(read.getByTestId("tool-call-decision")).toHaveText("allowed");
  await expect(block.getByTestId("subagent-message")).toContainText("The README names the project.");
});
