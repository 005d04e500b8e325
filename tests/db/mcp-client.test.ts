/**
 * M7, H4: a workspace attaches a real MCP server (the SDK's, on a local port);
 * its tools reach stored runs through the same surface, guard and approvals as
 * built-ins.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { attachMcpServer } from "../../lib/mcp-client/attach-mcp-server";
import { listMcpServers } from "../../lib/mcp-client/list-mcp-servers";
import { NOTES_DECLARATION, startLocalMcpServer, type LocalMcpServer } from "../../lib/mcp-client/mcp-client.test-support";
import { makeFixture, type Fixture } from "../../lib/repos/git.test-support";
import { advanceStoredRun } from "../../lib/runtime/advance-stored-run";
import { testDatabase } from "../support/db";
import { createAgent, createRoom, createRun, createUser, createWorkspace } from "../support/factories";

let fx: Fixture;
let mcp: LocalMcpServer;
beforeAll(async () => {
  fx = await makeFixture();
});
afterAll(() => fx.cleanup());
beforeEach(async () => {
  mcp = await startLocalMcpServer();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await mcp.close();
});

async function ownerOfNewWorkspace() {
  const { prisma } = await testDatabase();
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  return { prisma, owner, workspace, actor: { workspaceId: workspace.id, userId: owner.id, role: "owner" as const } };
}

describe("attached MCP servers", () => {
  it("M7/H4: attaching a loopback server is refused unless the operator allows it; declarations are validated", async () => {
    const { prisma, actor } = await ownerOfNewWorkspace();
    const refused = await attachMcpServer(prisma, actor, { name: "notes", url: mcp.url, tools: NOTES_DECLARATION }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "unprocessable" });
    expect((refused as Error).message).toMatch(/loopback address.*GATEHOUSE_ALLOWED_WEB_HOSTS/);
    const bad = await attachMcpServer(prisma, actor, { name: "notes", url: mcp.url, tools: { lookup: { tier: "god" as never, effects: [] } } }).catch((e: unknown) => e);
    expect((bad as Error).name).toBe("ZodError");

    vi.stubEnv("GATEHOUSE_ALLOWED_WEB_HOSTS", `127.0.0.1:${mcp.port}`);
    const attached = await attachMcpServer(prisma, actor, { name: "notes", url: mcp.url, tools: NOTES_DECLARATION });
    expect(attached.tools.write_note).toEqual({ tier: "write", effects: ["write_outside_worktree"] });
    expect(await listMcpServers(prisma, actor.workspaceId)).toEqual([attached]);
    await expect(attachMcpServer(prisma, actor, { name: "notes", url: mcp.url })).rejects.toMatchObject({ code: "conflict" });
    await expect(attachMcpServer(prisma, { ...actor, role: "member" }, { name: "other", url: mcp.url })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("M7: in a plan room the write-tier MCP tool is not offered and is refused when named; it never reaches the server", async () => {
    const { prisma, actor, workspace } = await ownerOfNewWorkspace();
    vi.stubEnv("GATEHOUSE_ALLOWED_WEB_HOSTS", `127.0.0.1:${mcp.port}`);
    await attachMcpServer(prisma, actor, { name: "notes", url: mcp.url, tools: NOTES_DECLARATION });
    const agent = await createAgent(prisma, workspace.id, {
      scenarios: [
        {
          when: "what does the note say",
          steps: [
            { toolCalls: [{ name: "mcp_notes_write_note", args: { key: "k", text: "overwrite" } }] },
            { toolCalls: [{ name: "mcp_notes_lookup", args: { key: "release" } }] },
            { text: "No plan is needed here." },
          ],
        },
        // P4's one nudge gets the honest answer again.
        { steps: [{ text: "No plan is needed here." }] },
      ],
    });
    const room = await createRoom(prisma, { workspaceId: workspace.id, agentId: agent.id, mode: "plan", worktreePath: fx.worktree });
    const stored = await createRun(prisma, { ...room, agentId: agent.id }, "what does the note say?");
    const db = await testDatabase();
    await advanceStoredRun(db, stored.id, { owner: "test" });
    const calls = await prisma.toolCall.findMany({ where: { runId: stored.id }, orderBy: { createdAt: "asc" } });
    expect(calls.map((c) => [c.tool, c.tier, c.decision, c.status])).toEqual([
      ["mcp_notes_write_note", "write", "deny", "refused"],
      ["mcp_notes_lookup", "read", "allow", "executed"],
    ]);
    expect(calls[0]!.reason).toMatch(/not available in this mode/);
    expect(JSON.stringify(calls[1]!.result)).toContain("ship on Friday");
    expect(mcp.calls).toEqual([["lookup", { key: "release" }]]);
  });
});
