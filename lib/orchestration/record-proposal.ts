import "server-only";
/**
 * O1, O4, O8: records an orchestration proposal. Nothing runs until a person
 * approves it (O2), and no agent or MCP tool can (O3).
 *
 * O4 under concurrency: the cooldown is claimed by one conditional update of
 * the room's `lastProposalAt` inside the insert's transaction. PostgreSQL
 * re-checks the condition after a concurrent writer commits, so of any number
 * of simultaneous calls exactly one proposal is recorded and the rest get the
 * "batch your re-plans" refusal. A check followed by an insert could not
 * promise that.
 *
 * O8: the new proposal supersedes the room's older pending ones in the same
 * transaction; a superseded proposal can no longer be approved.
 */
import type { Prisma, PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { assertRoomScope } from "../rooms/assert-room-scope";
import { ToolError } from "../errors/tool-error";
import { checkCooldown, PROPOSAL_COOLDOWN_MS, type OrchestrationProposalInput } from "../plans/proposal";

export async function recordProposal(
  prisma: PrismaClient,
  ctx: { workspaceId: string; roomId: string; runId: string | null; conversationId: string | null },
  proposal: OrchestrationProposalInput,
  now = new Date(),
): Promise<{ proposalId: string; superseded: string[] }> {
  // S4: only into a room (and conversation) of the proposer's workspace.
  await assertRoomScope(prisma, ctx);
  return prisma.$transaction(async (tx) => {
    // The cooldown binds agents (a run); a proposal recorded without a run still restarts it.
    const claimed = ctx.runId
      ? await tx.$executeRaw`UPDATE "Room" SET "lastProposalAt" = ${now}
          WHERE "id" = ${ctx.roomId} AND ("lastProposalAt" IS NULL OR "lastProposalAt" <= ${new Date(now.getTime() - PROPOSAL_COOLDOWN_MS)})`
      : await tx.$executeRaw`UPDATE "Room" SET "lastProposalAt" = ${now} WHERE "id" = ${ctx.roomId}`;
    if (claimed === 0) {
      const room = await tx.room.findUniqueOrThrow({ where: { id: ctx.roomId }, select: { lastProposalAt: true } });
      const cooldown = checkCooldown(room.lastProposalAt, now);
      throw new ToolError(cooldown.ok ? "Refused: another proposal was recorded for this room at the same moment. Batch your changes into one revised proposal." : cooldown.message);
    }
    const older = await tx.orchestrationProposal.findMany({ where: { roomId: ctx.roomId, status: "pending" }, select: { id: true } });
    const created = await tx.orchestrationProposal.create({
      data: { roomId: ctx.roomId, runId: ctx.runId, payload: proposal as unknown as Prisma.InputJsonValue, createdAt: now },
    });
    const superseded = older.map((p) => p.id);
    if (superseded.length) {
      await tx.orchestrationProposal.updateMany({ where: { id: { in: superseded }, status: "pending" }, data: { status: "superseded", decidedAt: now } });
    }
    if (ctx.conversationId) {
      await tx.message.create({
        data: {
          conversationId: ctx.conversationId,
          role: "assistant",
          runId: ctx.runId,
          content: `Orchestration proposal: ${proposal.tickets.length} top-level tickets, ${proposal.roles.length} roles`,
          meta: { kind: "proposal", proposalId: created.id },
        },
      });
    }
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, type: "proposal.created", data: { proposalId: created.id, superseded } });
    return { proposalId: created.id, superseded };
  });
}
