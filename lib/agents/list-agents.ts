import "server-only";
import type { PrismaClient } from "../db/generated/client";
import { agentSelect, toAgentView, type AgentView } from "./schemas";

/** The workspace's agents by name. */
export async function listAgents(prisma: PrismaClient, workspaceId: string): Promise<AgentView[]> {
  const rows = await prisma.agent.findMany({ where: { workspaceId }, select: agentSelect, orderBy: { name: "asc" } });
  return rows.map(toAgentView);
}
