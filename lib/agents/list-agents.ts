import "server-only";
import type { PrismaClient } from "../db/generated/client";
import { agentSelect, toAgentView, type AgentView } from "./schemas";

/** The workspace's agents by name: the active ones, or with `archived` the archived ones. */
export async function listAgents(prisma: PrismaClient, workspaceId: string, options: { archived?: boolean } = {}): Promise<AgentView[]> {
  const rows = await prisma.agent.findMany({ where: { workspaceId, archivedAt: options.archived ? { not: null } : null }, select: agentSelect, orderBy: { name: "asc" } });
  return rows.map(toAgentView);
}
