/**
 * P5, P6, O3 over HTTP: a plan_exit approval decided through a real MCP client
 * (the SDK's Client + Streamable HTTP transport) with a token created through
 * the API; the agent's next exit_plan_mode call switches the room, which the
 * UI shows as Agent mode.
 */
import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "@playwright/test";
import { DEMO, signedInPage } from "./support/session";

const EXIT_SCRIPT = {
  chunkDelayMs: 5,
  scenarios: [{ steps: [{ text: "Asking to leave plan mode.", toolCalls: [{ name: "exit_plan_mode", args: { reason: "the plan is ready" } }] }, { text: "Requested." }] }],
};

test("P5, P6, O3: a plan_exit approval is decided over MCP with a personal token; the next exit call switches the room to Agent mode", async ({ context, baseURL }) => {
  test.setTimeout(120_000);
  const page = await signedInPage(context, DEMO);
  const api = context.request;
  const ws = "/api/workspaces/demo";
  const id = randomUUID().slice(0, 8);
  const agent = await api.post(`${ws}/agents`, { data: { name: `Exiter ${id}`, provider: "scripted", script: EXIT_SCRIPT } });
  expect(agent.status(), await agent.text()).toBe(201);
  const agentId = (await agent.json()).agent.id as string;
  const created = await api.post(`${ws}/rooms`, { data: { name: `Exit over MCP ${id}`, mode: "plan", agentId } });
  const roomId = (await created.json()).room.id as string;

  const pendingExit = async () => {
    const { approvals } = await (await api.get(`${ws}/approvals?status=pending`)).json();
    return (approvals as { id: string; kind: string; room: { id: string } | null }[]).find((a) => a.kind === "plan_exit" && a.room?.id === roomId);
  };
  await api.post(`${ws}/rooms/${roomId}/messages`, { data: { content: "Leave plan mode, please" } });
  await expect.poll(async () => (await pendingExit())?.id, { timeout: 60_000 }).toBeTruthy();
  const approvalId = (await pendingExit())!.id;

  // A token created through the API; the secret comes back once.
  const token = await api.post("/api/me/mcp-tokens", { data: { name: `e2e ${id}` } });
  expect(token.status()).toBe(201);
  const { secret } = await token.json();
  expect(secret).toMatch(/^gh_mcp_/);

  const bad = await fetch(`${baseURL}/api/mcp`, {
    method: "POST",
    headers: { authorization: "Bearer gh_mcp_wrong", "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
  expect(bad.status).toBe(401);

  const client = new Client({ name: "gatehouse-e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/api/mcp", baseURL), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(["decide_approval", "get_plan", "list_approvals"]);

  const listed = await client.callTool({ name: "list_approvals", arguments: { workspace: "demo" } });
  const approvals = JSON.parse((listed.content as { text: string }[])[0]!.text).approvals as { id: string; decidable: boolean }[];
  expect(approvals.find((a) => a.id === approvalId)).toMatchObject({ decidable: true });

  const badArgs = await client.callTool({ name: "decide_approval", arguments: { approvalId, decision: "yes please" } });
  expect(badArgs.isError).toBe(true);
  const decided = await client.callTool({ name: "decide_approval", arguments: { approvalId, decision: "approve", comment: "from my MCP client" } });
  expect(decided.isError).toBeFalsy();
  expect(JSON.parse((decided.content as { text: string }[])[0]!.text).approval).toMatchObject({ id: approvalId, status: "approved" });
  const twice = await client.callTool({ name: "decide_approval", arguments: { approvalId, decision: "reject" } });
  expect(twice.isError).toBe(true);
  expect((twice.content as { text: string }[])[0]!.text).toContain("already decided");
  await client.close();

  const { approvals: all } = await (await api.get(`${ws}/approvals?status=all`)).json();
  expect((all as { id: string; status: string; comment: string }[]).find((a) => a.id === approvalId)).toMatchObject({ status: "approved", comment: "from my MCP client" });

  // The agent asks again: now the gate is open and the room switches to Agent mode.
  await page.goto(`/w/demo/rooms/${roomId}`);
  await expect(page.getByTestId("mode-select")).toHaveValue("plan");
  await page.getByTestId("composer-input").fill("Try leaving plan mode again");
  await page.getByTestId("composer-send").click();
  await expect(page.getByTestId("mode-select")).toHaveValue("chat", { timeout: 60_000 });
  await expect(page.locator('[data-testid="room-name"] + [data-testid="mode-badge"]')).toHaveAttribute("data-mode", "chat");
});

test("P6: MCP tokens are created once, listed without secrets and revoked in settings", async ({ context }) => {
  const page = await signedInPage(context, DEMO);
  const name = `Settings token ${randomUUID().slice(0, 8)}`;
  await page.goto("/settings/tokens");
  await page.getByLabel("Token name").fill(name);
  await page.getByRole("button", { name: "Create token" }).click();
  const secret = await page.getByTestId("new-token-secret").textContent();
  expect(secret).toMatch(/^gh_mcp_/);
  const row = page.getByTestId("mcp-token").filter({ hasText: name });
  await expect(row).toContainText("never used");
  const listed = await (await context.request.get("/api/me/mcp-tokens")).text();
  expect(listed).toContain(name);
  expect(listed).not.toContain(secret!);
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(row).toHaveCount(0);
});
