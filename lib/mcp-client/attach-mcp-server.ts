import "server-only";
/**
 * M7: a workspace attaches an external MCP server (admins and owners). The
 * address is checked against the web policy now (H4) and again on every
 * connection; the per-tool declaration is what profiles and guards read.
 * M8: every declared tool gets a name of its own; a declaration whose names
 * would still meet is refused, naming the tools.
 * H3: who attached it is recorded; it is offered only while they may manage
 * the workspace (lib/grants).
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { refuseWebDestination } from "../web/web-network";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { attachMcpServerBody, type AttachMcpServerBody } from "./schemas";
import { toMcpServerView, type McpServerView } from "./list-mcp-servers";
import { nameCollisions } from "./mcp-tool-spec";

export async function attachMcpServer(prisma: PrismaClient, actor: WorkspaceActor, input: AttachMcpServerBody): Promise<McpServerView> {
  assertCan(actor, "manage");
  const body = attachMcpServerBody.parse(input);
  const collision = nameCollisions(body.name, Object.keys(body.tools))[0];
  if (collision) {
    const tools = collision.tools.map((t) => `"${t}"`).join(" and ");
    throw new AppError("unprocessable", `tools: ${tools} would both be offered as ${collision.name}; declare only one of them, or attach the other under a second server name`);
  }
  const refusal = await refuseWebDestination(body.url);
  if (refusal) throw new AppError("unprocessable", `url: ${refusal}`);
  try {
    return await prisma.$transaction(async (tx) => {
      const row = await tx.attachedMcpServer.create({ data: { workspaceId: actor.workspaceId, name: body.name, url: body.url, tools: body.tools, createdById: actor.userId } });
      await recordAudit(tx, {
        workspaceId: actor.workspaceId,
        actorId: actor.userId,
        action: "mcp_server.attached",
        targetType: "mcp_server",
        targetId: row.id,
        data: { name: body.name, url: body.url, tools: body.tools },
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
