import "server-only";
/**
 * O1, O4: records an orchestration proposal. Nothing runs until a person
 * approves it (O2), and no agent or MCP tool can (O3). An agent's re-proposal
 * within the two-minute cooldown is refused with a request to batch.
 */
import type { Prisma, PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { assertRoomScope } from "../rooms/assert-room-scope";
import { ToolError } from "../errors/tool-error";
import { checkCooldown, type OrchestrationProposalInput } from "../plans/proposal";

export async function recordProposal(
  prisma: PrismaClient,
  ctx: { workspaceId: string; roomId: string; runId: string | null; conversationId: string | null },
  proposal: OrchestrationProposalInput,
  now = new Date(),
): Promise<{ proposalId: string }> {
  // S4: only into a room (and conversation) of the proposer's workspace.
  await assertRoomScope(prisma, ctx);
  const last = await prisma.orchestrationProposal.findFirst({
    where: { roomId: ctx.roomId, runId: { not: null } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  const cooldown = checkCooldown(last?.createdAt ?? null, now);
  if (!cooldown.ok) throw new ToolError(cooldown.message);
  return prisma.$transaction(async (tx) => {
    const created = await tx.orchestrationProposal.create({
      data: { roomId: ctx.roomId, runId: ctx.runId, payload: proposal as unknown as Prisma.InputJsonValue, createdAt: now },
    });
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
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, type: "proposal.created", data: { proposalId: created.id } });
    return { proposalId: created.id };
  });
}
