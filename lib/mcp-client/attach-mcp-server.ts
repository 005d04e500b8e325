import "server-only";
/**
 * M7: a workspace attaches an external MCP server (admins and owners). The
 * address is checked against the web policy now (H4) and again on every
 * connection; the per-tool declaration is what profiles and guards read.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { refuseWebDestination } from "../web/web-network";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { attachMcpServerBody, type AttachMcpServerBody } from "./schemas";
import { toMcpServerView, type McpServerView } from "./list-mcp-servers";

export async function attachMcpServer(prisma: PrismaClient, actor: WorkspaceActor, input: AttachMcpServerBody): Promise<McpServerView> {
  assertCan(actor, "manage");
  const body = attachMcpServerBody.parse(input);
  const refusal = await refuseWebDestination(body.url);
  if (refusal) throw new AppError("unprocessable", `url: ${refusal}`);
  try {
    return await prisma.$transaction(async (tx) => {
      const row = await tx.attachedMcpServer.create({ data: { workspaceId: actor.workspaceId, name: body.name, url: body.url, tools: body.tools } });
      await tx.auditEvent.create({
        data: {
          workspaceId: actor.workspaceId,
          actorId: actor.userId,
          action: "mcp_server.attached",
          targetType: "mcp_server",
          targetId: row.id,
          data: { name: body.name, url: body.url, tools: body.tools },
        },
      });
      return toMcpServerView(row);
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      throw new AppError("conflict", `An MCP server named "${body.name}" is already attached to this workspace.`);
    }
    throw error;
  }
}
