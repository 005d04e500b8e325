import "server-only";
/**
 * Edits an agent (admins and owners): the patch is applied to the stored agent
 * and the result is checked whole, so switching the provider to
 * openai_compatible without a base URL is refused like it is on creation.
 * H4: the agent's own key belongs to the endpoint it was given for; an edit
 * that moves the agent to another provider or base URL without a new key
 * forgets the old one, so a stored key cannot be redirected to a new host.
 * H3: an edit that sets the endpoint or key records who set it.
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { isUniqueViolation } from "../db/unique-violation";
import { AppError } from "../errors/app-error";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { agentColumns } from "./agent-columns";
import { checkAgentEndpoint } from "./check-agent-endpoint";
import { setAgentArchived } from "./set-agent-archived";
import { agentSelect, createAgentBody, toAgentView, updateAgentBody, type AgentView, type UpdateAgentBody } from "./schemas";

export async function updateAgent(prisma: PrismaClient, actor: WorkspaceActor, agentId: string, input: UpdateAgentBody): Promise<AgentView> {
  assertCan(actor, "manage");
  const { archived, ...patch } = updateAgentBody.parse(input);
  try {
    return await prisma.$transaction(async (tx) => {
      if (archived !== undefined) {
        const view = await setAgentArchived(tx, actor, agentId, archived);
        if (Object.values(patch).every((value) => value === undefined)) return view;
      }
      // Scoped by workspace: another workspace's agent id is simply not found.
      const row = await tx.agent.findFirst({ where: { id: agentId, workspaceId: actor.workspaceId }, select: agentSelect });
      if (!row) throw new AppError("not_found", "That agent was not found in this workspace.");
      const current = toAgentView(row);
      const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      const moved = (patch.provider !== undefined && patch.provider !== row.provider) || (patch.baseUrl !== undefined && patch.baseUrl !== row.baseUrl);
      const next = createAgentBody.parse({
        name: current.name,
        provider: current.provider,
        model: current.model,
        baseUrl: current.baseUrl,
        apiKey: moved ? null : row.apiKey,
        moduleAllowlist: current.moduleAllowlist,
        script: current.script,
        transport: current.transport,
        ...defined,
      });
      if (moved) await checkAgentEndpoint(next);
      const endpointChanged = next.baseUrl !== row.baseUrl || next.apiKey !== row.apiKey;
      const endpointSetById = endpointChanged ? { endpointSetById: next.baseUrl || next.apiKey ? actor.userId : null } : {};
      const updated = await tx.agent.update({ where: { id: row.id }, data: { ...agentColumns(next), ...endpointSetById }, select: agentSelect });
      await recordAudit(tx, {
        workspaceId: actor.workspaceId,
        actorId: actor.userId,
        action: "agent.updated",
        targetType: "agent",
        targetId: row.id,
        data: {
          changed: Object.keys(defined),
          moduleAllowlist: next.moduleAllowlist,
          model: next.model,
          // Whether the agent's own key is set, never the key.
          ...(row.apiKey !== next.apiKey ? { apiKey: next.apiKey ? "replaced" : "removed" } : {}),
        },
      });
      return toAgentView(updated);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", `An agent with that name already exists in this workspace.`);
    }
    throw error;
  }
}
