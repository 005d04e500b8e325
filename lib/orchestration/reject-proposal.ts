import "server-only";
/**
 * O8: a person rejects a pending proposal with a comment. The comment is
 * posted to the room's conversation as the person's own message and starts
 * the room's agent on it at once (the message, its run and the job in one
 * transaction, as for any message a person posts), so the agent reads the
 * comment and can answer it with a revised proposal.
 * A person's answer ends the batching window of O4: the cooldown restarts
 * from nothing, since the revision is what the person asked for.
 *
 * Like approving (O3), only a signed-in person's route reaches this.
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { PIPELINE_EVENTS } from "../pipelines/pipeline-events";
import { conversationHistory } from "../runs/conversation-history";
import { queueRun } from "../runs/queue-run";

export async function rejectProposal(
  prisma: PrismaClient,
  ctx: { workspaceId: string; roomId: string; proposalId: string; userId: string; comment?: string | null },
) {
  const proposal = await prisma.orchestrationProposal.findFirst({
    where: { id: ctx.proposalId, roomId: ctx.roomId, room: { workspaceId: ctx.workspaceId } },
    select: { id: true, status: true, runId: true, room: { select: { agentId: true } } },
  });
  if (!proposal) throw notFound("That proposal");
  const comment = ctx.comment?.trim() || null;
  const now = new Date();
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.orchestrationProposal.updateMany({
      where: { id: proposal.id, status: "pending" },
      data: { status: "rejected", decidedById: ctx.userId, decidedAt: now, comment },
    });
    if (count === 0) {
      const current = await tx.orchestrationProposal.findUniqueOrThrow({ where: { id: proposal.id }, select: { status: true } });
      throw new AppError("conflict", `This proposal was already ${current.status}; nothing was changed.`);
    }
    await tx.room.update({ where: { id: ctx.roomId }, data: { lastProposalAt: null } });
    await recordAudit(tx, { workspaceId: ctx.workspaceId, actorId: ctx.userId, action: "proposal.rejected", targetType: "proposal", targetId: proposal.id, data: { comment } });
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: proposal.runId, type: PIPELINE_EVENTS.proposalDecided, data: { proposalId: proposal.id, status: "rejected", by: ctx.userId } });
    const run = proposal.runId ? await tx.run.findUnique({ where: { id: proposal.runId }, select: { conversationId: true } }) : null;
    const conversationId =
      run?.conversationId ?? (await tx.conversation.findFirst({ where: { roomId: ctx.roomId, parentId: null }, orderBy: { createdAt: "asc" }, select: { id: true } }))?.id;
    if (conversationId) {
      const said = comment ? ` ${comment}${/[.!?…]$/.test(comment) ? "" : "."}` : "";
      const message = await tx.message.create({
        data: {
          conversationId,
          role: "user",
          authorId: ctx.userId,
          content: `I rejected the orchestration proposal.${said} Please revise it and propose again.`,
          meta: { kind: "proposal-decision", proposalId: proposal.id, status: "rejected" },
        },
      });
      await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, type: "message.created", data: { messageId: message.id, conversationId } });
      const agentId = proposal.room.agentId;
      if (agentId) {
        const run = await queueRun(tx, {
          workspaceId: ctx.workspaceId,
          roomId: ctx.roomId,
          conversationId,
          agentId,
          triggerMessageId: message.id,
          messages: await conversationHistory(tx, conversationId),
        });
        await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: run.id, type: "run.queued", data: { messageId: message.id } });
        return { proposalId: proposal.id, status: "rejected" as const, comment, runId: run.id };
      }
    }
    return { proposalId: proposal.id, status: "rejected" as const, comment, runId: null };
  });
}
