import "server-only";
/**
 * Edits an agent (admins and owners): the patch is applied to the stored agent
 * and the result is checked whole, so switching the provider to
 * openai_compatible without a base URL is refused like it is on creation.
 */
import type { Prisma } from "../db/client";
import { AppError } from "../errors/app-error";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { agentColumns } from "./agent-columns";
import { agentSelect, createAgentBody, toAgentView, updateAgentBody, type AgentView, type UpdateAgentBody } from "./schemas";

export async function updateAgent(prisma: Prisma, actor: WorkspaceActor, agentId: string, input: UpdateAgentBody): Promise<AgentView> {
  assertCan(actor, "manage");
  const patch = updateAgentBody.parse(input);
  try {
    return await prisma.$transaction(async (tx) => {
      // Scoped by workspace: another workspace's agent id is simply not found.
      const row = await tx.agent.findFirst({ where: { id: agentId, workspaceId: actor.workspaceId }, select: agentSelect });
      if (!row) throw new AppError("not_found", "That agent was not found in this workspace.");
      const current = toAgentView(row);
      const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      const next = createAgentBody.parse({
        name: current.name,
        provider: current.provider,
        model: current.model,
        baseUrl: current.baseUrl,
        moduleAllowlist: current.moduleAllowlist,
        script: current.script,
        ...defined,
      });
      const updated = await tx.agent.update({ where: { id: row.id }, data: agentColumns(next), select: agentSelect });
      await tx.auditEvent.create({
        data: {
          workspaceId: actor.workspaceId,
          actorId: actor.userId,
          action: "agent.updated",
          targetType: "agent",
          targetId: row.id,
          data: { changed: Object.keys(defined), moduleAllowlist: next.moduleAllowlist, model: next.model },
        },
      });
      return toAgentView(updated);
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      throw new AppError("conflict", `An agent with that name already exists in this workspace.`);
    }
    throw error;
  }
}
