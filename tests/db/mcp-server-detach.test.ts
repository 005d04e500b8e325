/**
 * M7: detaching an attached MCP server — admins only, scoped to the workspace
 * (H3), audited, and its tools leave the registry of runs that start after.
 */
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { attachMcpServer } from "../../lib/mcp-client/attach-mcp-server";
import { detachMcpServer } from "../../lib/mcp-client/detach-mcp-server";
import { listMcpServers } from "../../lib/mcp-client/list-mcp-servers";
import { workspaceTools } from "../../lib/mcp-client/run-mcp-tools";
import { NOTES_DECLARATION, startLocalMcpServer } from "../../lib/mcp-client/mcp-client.test-support";
import { TOOLS } from "../../lib/tools/registry";
import { testDatabase } from "../support/db";
import { createUser, createWorkspace } from "../support/factories";

afterEach(() => vi.unstubAllEnvs());

async function ownerOfNewWorkspace() {
  const { prisma } = await testDatabase();
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  return { prisma, owner, workspace, actor: { workspaceId: workspace.id, userId: owner.id, role: "owner" as const } };
}

describe("detaching an MCP server", () => {
  it("M7, H3: only an admin of its own workspace detaches it; its tools leave the registry and the audit log says who", async () => {
    const mcp = await startLocalMcpServer();
    onTestFinished(() => mcp.close());
    vi.stubEnv("GATEHOUSE_ALLOWED_WEB_HOSTS", `127.0.0.1:${mcp.port}`);
    const { prisma, actor, owner } = await ownerOfNewWorkspace();
    const other = await ownerOfNewWorkspace();
    const server = await attachMcpServer(prisma, actor, { name: "notes", url: mcp.url, tools: NOTES_DECLARATION });
    expect((await workspaceTools(prisma, actor.workspaceId, TOOLS)).map((t) => t.name)).toContain("mcp_notes_lookup");

    await expect(detachMcpServer(prisma, { ...actor, role: "member" }, server.id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(detachMcpServer(prisma, other.actor, server.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await listMcpServers(prisma, actor.workspaceId)).toHaveLength(1);

    expect(await detachMcpServer(prisma, actor, server.id)).toEqual({ id: server.id, name: "notes" });
    expect(await listMcpServers(prisma, actor.workspaceId)).toEqual([]);
    expect((await workspaceTools(prisma, actor.workspaceId, TOOLS)).map((t) => t.name)).not.toContain("mcp_notes_lookup");
    await expect(detachMcpServer(prisma, actor, server.id)).rejects.toMatchObject({ code: "not_found" });
    const audit = await prisma.auditEvent.findMany({ where: { workspaceId: actor.workspaceId, targetId: server.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([["mcp_server.attached", owner.id], ["mcp_server.detached", owner.id]]);
  });
});
