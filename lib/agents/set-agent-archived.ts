import "server-only";
/**
 * Archives or restores an agent (admins and owners). An archived agent leaves
 * the agents list and every picker (new room, a room's agent, Fix with an
 * agent, review and delegation), keeps its rooms and history readable, and
 * starts no runs (lib/runs/queue-run.ts refuses); restoring brings it back as
 * it was. Audited.
 */
import { recordAudit } from "../audit/record-audit";
import type { Prisma } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { agentSelect, toAgentView, type AgentView } from "./schemas";

export async function setAgentArchived(tx: Prisma.TransactionClient, actor: WorkspaceActor, agentId: string, archived: boolean): Promise<AgentView> {
  assertCan(actor, "manage");
  const row = await tx.agent.findFirst({ where: { id: agentId, workspaceId: actor.workspaceId }, select: { ...agentSelect, archivedAt: true } });
  if (!row) throw notFound("That agent");
  // Conditional: of two admins at once, one changes it and is audited.
  const { count } = await tx.agent.updateMany({
    where: { id: row.id, archivedAt: archived ? null : { not: null } },
    data: { archivedAt: archived ? new Date() : null },
  });
  if (count > 0) {
    await recordAudit(tx, { workspaceId: actor.workspaceId, actorId: actor.userId, action: archived ? "agent.archived" : "agent.restored", targetType: "agent", targetId: row.id, data: { name: row.name } });
  }
  return toAgentView(await tx.agent.findUniqueOrThrow({ where: { id: row.id }, select: agentSelect }));
}
