/**
 * T4 in Chromium: a Claude Code agent (the real CLI, started in the sandbox,
 * scripted by the local Anthropic Messages server scripts/e2e-server.mjs
 * starts) runs in a plan room. The room header says the mode is a boundary on
 * this transport, the capability panel says why, the CLI's write shows as
 * refused with Gatehouse's reason, and the agent's answer arrives.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { ownWorkspace } from "./support/repo";
import { DEMO, signedInPage } from "./support/session";

test("T4: a Claude Code agent in a plan room — boundary badge, its write refused with Gatehouse's reason, its answer shown", async ({ context }) => {
  test.setTimeout(180_000);
  const { anthropicBaseUrl } = JSON.parse(readFileSync(join(tmpdir(), `gatehouse-e2e-${process.env.E2E_PORT ?? "3210"}.json`), "utf8")) as { anthropicBaseUrl: string };
  const page = await signedInPage(context, DEMO);
  const api = context.request;
  const id = randomUUID().slice(0, 8);
  // Its own workspace: an Anthropic agent left in the demo workspace would become every other test's reviewer.
  const { slug, ws, repositoryId } = await ownWorkspace(api, `Claude Code ${id}`);
  const agent = await api.post(`${ws}/agents`, {
    data: { name: `Claude ${id}`, provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: `${anthropicBaseUrl}/v1`, apiKey: `sk-e2e-${id}`, transport: "claude-code" },
  });
  expect(agent.status(), await agent.text()).toBe(201);
  const agentId = (await agent.json()).agent.id as string;
  const created = await api.post(`${ws}/rooms`, { data: { name: `Claude plan ${id}`, mode: "plan", agentId, repositoryId } });
  expect(created.status(), await created.text()).toBe(201);
  const roomId = (await created.json()).room.id as string;

  await page.goto(`/w/${slug}/rooms/${roomId}`);
  await expect(page.getByTestId("mode-select")).toHaveValue("plan");
  // T4: on this server the CLI runs in the sandbox, so the plan mode is a boundary on its transport too.
  const badge = page.getByTestId("room-guarantee");
  await expect(badge).toHaveAttribute("data-transport", "claude-code");
  await expect(badge).toHaveAttribute("data-holds", "boundary");
  await expect(badge).toContainText("boundary");
  await expect(badge).toHaveAttribute("title", /runs in the sandbox.*mounted read-only/);

  await page.getByTestId("composer-input").fill("Write your notes into NOTES.md");
  await page.getByTestId("composer-send").click();

  const run = page.getByTestId("run").last();
  await expect(run.getByTestId("run-status")).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
  const write = run.locator('[data-testid="tool-call-row"][data-tool="Write"]');
  await expect(write).toHaveAttribute("data-verdict", "refused");
  await expect(write.getByTestId("tool-call-decision")).toHaveText("refused");
  await expect(write.getByTestId("tool-call-reason")).toContainText(/write_file is not available in this mode.*read-only/);
  await expect(run.getByTestId("assistant-message").last()).toContainText("The write was refused: this room is read-only.");
});
