import "server-only";
/**
 * A6/A8: a delegate call starts a sub-agent's run in the parent's room. One
 * transaction creates the child (unique per parent call, so a retried call
 * never starts a second one), parks the parent's call and queues the child.
 * The child's ceiling — the parent's ceiling ∩ the child agent's allowlist — is
 * stored on it, so it holds in whichever worker resumes it.
 */
import type { Prisma, PrismaClient } from "../db/generated/client";
import { newCheckpoint } from "../harness/lifecycle/checkpoint";
import { roomProfile } from "../modes/room-mode";
import { advanceRunJob, enqueueJob } from "../queue/enqueue-job";
import { ToolError } from "../tools/types";
import { childCeiling } from "./child-ceiling";
import { refuseDelegation } from "./delegation-limits";
import { runCeiling } from "./run-ceiling";

export interface DelegateScope {
  workspaceId: string;
  roomId: string;
  runId: string;
  conversationId: string | null;
}

export async function startSubagent(prisma: PrismaClient, scope: DelegateScope, input: { callId: string; task: string; agent?: string }): Promise<{ childRunId: string }> {
  return prisma.$transaction(async (tx) => {
    const existing = await tx.run.findUnique({ where: { parentRunId_parentCallId: { parentRunId: scope.runId, parentCallId: input.callId } }, select: { id: true } });
    if (existing) return { childRunId: existing.id };
    const parent = await tx.run.findFirstOrThrow({
      where: { id: scope.runId, workspaceId: scope.workspaceId },
      include: { agent: true, room: { select: { mode: true, modeDeclaration: true, workspaceId: true } }, _count: { select: { children: true } } },
    });
    if (!parent.room || parent.room.workspaceId !== scope.workspaceId) throw new ToolError("A sub-agent needs the run's own room [A6]");
    const refusal = refuseDelegation(roomProfile(parent.room), parent.depth, parent._count.children);
    if (refusal) throw new ToolError(`Refused: ${refusal}`);
    const agent = input.agent
      ? await tx.agent.findFirst({ where: { workspaceId: scope.workspaceId, name: input.agent, archivedAt: null } })
      : parent.agent;
    if (!agent) {
      const names = (await tx.agent.findMany({ where: { workspaceId: scope.workspaceId, archivedAt: null }, select: { name: true }, orderBy: { name: "asc" } })).map((a) => a.name);
      throw new ToolError(`No agent named "${input.agent ?? ""}" in this workspace; agents: ${names.join(", ") || "none"}`);
    }
    const ceiling = childCeiling(runCeiling(parent), agent.restrictModules ? agent.moduleAllowlist : null);
    const child = await tx.run.create({
      data: {
        workspaceId: scope.workspaceId,
        roomId: scope.roomId,
        conversationId: scope.conversationId,
        agentId: agent.id,
        kind: "subagent",
        triggerMessageId: parent.triggerMessageId,
        parentRunId: parent.id,
        parentCallId: input.callId,
        depth: parent.depth + 1,
        ceiling: ceiling === null ? undefined : (ceiling as Prisma.InputJsonValue),
        state: newCheckpoint([{ role: "user", content: input.task }]) as unknown as Prisma.InputJsonValue,
      },
    });
    await tx.toolCall.updateMany({ where: { runId: parent.id, callId: input.callId, status: "executing" }, data: { status: "waiting" } });
    await enqueueJob(tx, advanceRunJob(child.id));
    return { childRunId: child.id };
  });
}
