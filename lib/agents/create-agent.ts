import "server-only";
import type { PrismaClient } from "../db/generated/client";
import { recordAudit } from "../audit/record-audit";
import { isUniqueViolation } from "../db/unique-violation";
import { AppError } from "../errors/app-error";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { agentColumns } from "./agent-columns";
import { checkAgentEndpoint } from "./check-agent-endpoint";
import { agentSelect, createAgentBody, toAgentView, type AgentView, type CreateAgentBody } from "./schemas";

/**
 * Adds an agent to the workspace (admins and owners). Names are unique per
 * workspace. H3: who gave it an endpoint or key of its own is recorded.
 */
export async function createAgent(prisma: PrismaClient, actor: WorkspaceActor, input: CreateAgentBody): Promise<AgentView> {
  assertCan(actor, "manage");
  const agent = createAgentBody.parse(input);
  await checkAgentEndpoint(agent);
  try {
    return await prisma.$transaction(async (tx) => {
      const row = await tx.agent.create({ data: { workspaceId: actor.workspaceId, ...agentColumns(agent), endpointSetById: agent.baseUrl || agent.apiKey ? actor.userId : null }, select: agentSelect });
      await recordAudit(tx, {
        workspaceId: actor.workspaceId,
        actorId: actor.userId,
        action: "agent.created",
        targetType: "agent",
        targetId: row.id,
        data: { name: row.name, provider: row.provider, model: row.model, moduleAllowlist: agent.moduleAllowlist },
      });
      return toAgentView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", `An agent named "${agent.name}" already exists in this workspace.`);
    }
    throw error;
  }
}
