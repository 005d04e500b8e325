import "server-only";
/**
 * M7: a workspace detaches an attached MCP server (admins and owners). Its
 * tools leave the registry of every run that starts afterwards; the audit log
 * keeps who detached what. A server of another workspace is not found, like
 * one that does not exist (H3).
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";

export async function detachMcpServer(prisma: PrismaClient, actor: WorkspaceActor, serverId: string): Promise<{ id: string; name: string }> {
  assertCan(actor, "manage");
  return prisma.$transaction(async (tx) => {
    const row = await tx.attachedMcpServer.findFirst({ where: { id: serverId, workspaceId: actor.workspaceId }, select: { id: true, name: true, url: true } });
    if (!row) throw notFound("That MCP server");
    // Conditional on the row still being there, so two detaches record one event.
    const { count } = await tx.attachedMcpServer.deleteMany({ where: { id: row.id, workspaceId: actor.workspaceId } });
    if (count === 0) throw notFound("That MCP server");
    await recordAudit(tx, { workspaceId: actor.workspaceId, actorId: actor.userId, action: "mcp_server.detached", targetType: "mcp_server", targetId: row.id, data: { name: row.name, url: row.url } });
    return { id: row.id, name: row.name };
  });
}
