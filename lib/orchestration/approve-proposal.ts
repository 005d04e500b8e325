import "server-only";
/**
 * O2, O3: a person approves an orchestration proposal in the UI. A
 * deterministic step (flattenProposal) turns the ticket tree into tickets —
 * children before their parent, the synthesis step last — and the
 * orchestration starts. This is reachable only through a signed-in person's
 * route: no agent tool and no MCP tool calls it (O3), and a test proves the
 * MCP server has no such tool.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { switchRoomToAgent } from "../plans/switch-room-to-agent";
import { createOrchestration } from "./create-orchestration";
import { flattenProposal, validateProposal } from "../plans/proposal";

export async function approveProposal(prisma: PrismaClient, ctx: { workspaceId: string; roomId: string; proposalId: string; userId: string }) {
  const proposal = await prisma.orchestrationProposal.findFirst({ where: { id: ctx.proposalId, roomId: ctx.roomId, room: { workspaceId: ctx.workspaceId } } });
  if (!proposal) throw notFound("That proposal");
  if (proposal.status !== "pending") throw notPending(proposal.status);
  const parsed = validateProposal(proposal.payload);
  if (!parsed.ok) throw new AppError("unprocessable", `The stored proposal is invalid and cannot be approved: ${parsed.errors.join("; ")}`);
  // Roles name who should do a ticket; every ticket runs as the room's agent, told its role.
  const roles = new Map(parsed.proposal.roles.map((r) => [r.name, r.description]));
  const tickets = flattenProposal(parsed.proposal).map((t) => ({
    ...t,
    description: t.role ? `Role: ${t.role}${roles.get(t.role) ? ` (${roles.get(t.role)})` : ""}\n\n${t.description}` : t.description,
  }));
  const now = new Date();

  return prisma.$transaction(async (tx) => {
    const { count } = await tx.orchestrationProposal.updateMany({
      where: { id: proposal.id, status: "pending" },
      data: { status: "approved", decidedById: ctx.userId, decidedAt: now },
    });
    if (count === 0) {
      const current = await tx.orchestrationProposal.findUniqueOrThrow({ where: { id: proposal.id }, select: { status: true } });
      throw notPending(current.status);
    }
    const goal = parsed.proposal.synthesis.title;
    const orchestration = await createOrchestration(tx, { roomId: ctx.roomId, proposalId: proposal.id, goal, tickets });
    await tx.auditEvent.create({
      data: { workspaceId: ctx.workspaceId, actorId: ctx.userId, action: "proposal.approved", targetType: "proposal", targetId: proposal.id, data: { orchestrationId: orchestration.id } },
    });
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, type: "orchestration.started", data: { orchestrationId: orchestration.id, proposalId: proposal.id, tickets: tickets.length } });
    await switchRoomToAgent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, userId: ctx.userId, via: "proposal_approved", note: "Settled by approving an orchestration proposal.", now });
    return { proposalId: proposal.id, orchestrationId: orchestration.id };
  });
}

/** O8: a superseded proposal can no longer be approved; say which one to decide instead. */
function notPending(status: string): AppError {
  if (status === "superseded") return new AppError("conflict", "This proposal was superseded by a newer proposal from the same room; decide the newest one. Nothing was changed.");
  return new AppError("conflict", `This proposal was already ${status}; nothing was changed.`);
}
