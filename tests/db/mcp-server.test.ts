/**
 * P6, O3: the MCP server over a real MCP client (the SDK's Client and
 * Streamable HTTP client transport; its fetch calls the route's handler
 * directly). Tokens authenticate a person; the tools see only that person's
 * workspaces; plan_exit and per-call approvals can be decided, plans and
 * proposals cannot, and there is no tool that approves them.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { createMcpToken } from "../../lib/mcp/create-mcp-token";
import { handleMcpRequest } from "../../lib/mcp/handle-mcp-request";
import { listMcpTokens } from "../../lib/mcp/list-mcp-tokens";
import { revokeMcpToken } from "../../lib/mcp/revoke-mcp-token";
import { requestPlanExit } from "../../lib/plans/request-plan-exit";
import { submitPlan } from "../../lib/plans/submit-plan";
import { testDatabase } from "../support/db";
import { createRoom, createUser, createWorkspace } from "../support/factories";
import { PLAN_NODES } from "../support/plan-fixtures";

const URL_ = new URL("http://gatehouse.test/api/mcp");

async function connect(token: string) {
  const { prisma } = await testDatabase();
  const transport = new StreamableHTTPClientTransport(URL_, {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: (input, init) => handleMcpRequest(prisma, new Request(input, init)),
  });
  const client = new Client({ name: "gatehouse-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

type ToolResult = { isError?: boolean; content: { type: string; text: string }[] };
const text = (result: unknown) => (result as ToolResult).content.map((c) => c.text).join("\n");
const json = (result: unknown) => JSON.parse(text(result));

async function scenario() {
  const { prisma } = await testDatabase();
  const member = await createUser(prisma);
  const viewer = await createUser(prisma);
  const stranger = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [
    { userId: member.id, role: "member" },
    { userId: viewer.id, role: "viewer" },
  ]);
  await createWorkspace(prisma, [{ userId: stranger.id, role: "owner" }]);
  const room = await createRoom(prisma, { workspaceId: workspace.id, mode: "plan" });
  const exit = await requestPlanExit(prisma, { workspaceId: workspace.id, roomId: room.id, runId: null }, "the plan is ready");
  const plan = await submitPlan(prisma, { workspaceId: workspace.id, roomId: room.id, runId: null, conversationId: room.conversationId, author: "agent:x" }, { goal: "Ship", nodes: PLAN_NODES });
  const tokenFor = async (userId: string) => (await createMcpToken(prisma, userId, { name: "test client" })).secret;
  return { prisma, member, viewer, stranger, workspace, room, exitId: exit.approvalId!, planId: plan.planId, tokenFor };
}

describe("MCP server", () => {
  it("O3, P6: the server offers exactly list_approvals, get_plan and decide_approval — no tool approves plans or proposals", async () => {
    const { member, tokenFor } = await scenario();
    const client = await connect(await tokenFor(member.id));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["decide_approval", "get_plan", "list_approvals"]);
    for (const tool of tools) {
      expect(tool.name).not.toMatch(/proposal|orchestrat|approve_plan|plan_approv/i);
      expect(JSON.stringify(tool.inputSchema)).not.toMatch(/proposal/i);
    }
    const decide = tools.find((t) => t.name === "decide_approval")!;
    expect(decide.description).toMatch(/plan_exit/);
    await client.close();
  });

  it("P6: a missing, malformed or revoked token gets 401 and no MCP work is done", async () => {
    const { prisma, member, tokenFor } = await scenario();
    const call = (authorization?: string) =>
      handleMcpRequest(
        prisma,
        new Request(URL_, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(authorization ? { authorization } : {}) },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
        }),
      );
    expect((await call()).status).toBe(401);
    expect((await call("Bearer not-a-token")).status).toBe(401);
    expect((await call("Basic Zm9vOmJhcg==")).status).toBe(401);

    const token = await tokenFor(member.id);
    const [row] = await listMcpTokens(prisma, member.id);
    expect(JSON.stringify(await prisma.mcpToken.findMany({ where: { userId: member.id } }))).not.toContain(token);
    await revokeMcpToken(prisma, member.id, row!.id);
    const revoked = await call(`Bearer ${token}`);
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get("www-authenticate")).toContain("Bearer");
    await expect(connect(token)).rejects.toThrow();
  });

  it("P6: list_approvals shows the caller's pending approvals; get_plan reads a plan of their workspace only", async () => {
    const { member, stranger, workspace, exitId, planId, tokenFor } = await scenario();
    const client = await connect(await tokenFor(member.id));
    const listed = json(await client.callTool({ name: "list_approvals", arguments: { workspace: workspace.slug } }));
    const byId = new Map((listed.approvals as { id: string; kind: string; decidable: boolean }[]).map((a) => [a.id, a]));
    expect(byId.get(exitId)).toMatchObject({ kind: "plan_exit", decidable: true });
    expect([...byId.values()].find((a) => a.kind === "plan")).toMatchObject({ decidable: false });

    const plan = json(await client.callTool({ name: "get_plan", arguments: { planId } }));
    expect(plan.plan).toMatchObject({ id: planId, version: 1, status: "submitted" });
    expect(plan.plan.nodes.map((n: { key: string }) => n.key)).toEqual(["a", "b", "c", "d"]);
    expect(plan.markdown).toContain("# Ship");

    const outsider = await connect(await tokenFor(stranger.id));
    const hidden = await outsider.callTool({ name: "get_plan", arguments: { planId } });
    expect(hidden.isError).toBe(true);
    expect(text(hidden)).toContain("was not found");
    expect(json(await outsider.callTool({ name: "list_approvals", arguments: {} })).count).toBe(0);
    const notMine = await outsider.callTool({ name: "list_approvals", arguments: { workspace: workspace.slug } });
    expect(notMine.isError).toBe(true);
    await client.close();
    await outsider.close();
  });

  it("P5, P6: decide_approval approves a plan_exit; the agent's next exit_plan_mode call switches the room; a second decision is refused", async () => {
    const { prisma, member, workspace, room, exitId, tokenFor } = await scenario();
    const client = await connect(await tokenFor(member.id));
    const decided = json(await client.callTool({ name: "decide_approval", arguments: { approvalId: exitId, decision: "approve", comment: "plan looks right" } }));
    expect(decided.approval).toMatchObject({ id: exitId, kind: "plan_exit", status: "approved" });
    expect(await prisma.approval.findUniqueOrThrow({ where: { id: exitId } })).toMatchObject({ status: "approved", decidedById: member.id, comment: "plan looks right" });

    const again = await client.callTool({ name: "decide_approval", arguments: { approvalId: exitId, decision: "reject" } });
    expect(again.isError).toBe(true);
    expect(text(again)).toContain("already decided");
    expect((await prisma.approval.findUniqueOrThrow({ where: { id: exitId } })).status).toBe("approved");

    expect(await requestPlanExit(prisma, { workspaceId: workspace.id, roomId: room.id, runId: null })).toMatchObject({ status: "switched" });
    expect((await prisma.room.findUniqueOrThrow({ where: { id: room.id } })).mode).toBe("chat");
    await client.close();
  });

  it("P6, O3: bad arguments, plans, viewers and strangers get a clear MCP error result and nothing changes", async () => {
    const { prisma, member, viewer, stranger, exitId, planId, tokenFor } = await scenario();
    const client = await connect(await tokenFor(member.id));
    const planApproval = await prisma.approval.findFirstOrThrow({ where: { planId, kind: "plan" } });

    const badArgs = await client.callTool({ name: "decide_approval", arguments: { approvalId: exitId, decision: "maybe" } });
    expect(badArgs.isError).toBe(true);
    expect(text(badArgs)).toMatch(/decision/);
    const extraField = await client.callTool({ name: "decide_approval", arguments: { approvalId: exitId, decision: "approve", force: true } });
    expect(extraField.isError).toBe(true);
    const missing = await client.callTool({ name: "get_plan", arguments: {} });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/planId/);

    const plan = await client.callTool({ name: "decide_approval", arguments: { approvalId: planApproval.id, decision: "approve" } });
    expect(plan.isError).toBe(true);
    expect(text(plan)).toContain("Plan Studio");

    const asViewer = await connect(await tokenFor(viewer.id));
    const viewed = await asViewer.callTool({ name: "decide_approval", arguments: { approvalId: exitId, decision: "approve" } });
    expect(viewed.isError).toBe(true);
    expect(text(viewed)).toContain("viewer");
    const asStranger = await connect(await tokenFor(stranger.id));
    const foreign = await asStranger.callTool({ name: "decide_approval", arguments: { approvalId: exitId, decision: "approve" } });
    expect(foreign.isError).toBe(true);
    expect(text(foreign)).toContain("was not found");

    expect((await prisma.approval.findUniqueOrThrow({ where: { id: exitId } })).status).toBe("pending");
    expect(await prisma.approval.findUniqueOrThrow({ where: { id: planApproval.id } })).toMatchObject({ status: "pending", decidedById: null });
    expect((await prisma.plan.findUniqueOrThrow({ where: { id: planId } })).status).toBe("submitted");
    for (const c of [client, asViewer, asStranger]) await c.close();
  });
});
