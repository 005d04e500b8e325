import "server-only";
/** O1: a room's orchestration proposals with their roles, ticket tree (flattened) and budget, newest first. */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { flattenProposal, validateProposal } from "../plans/proposal";

export async function listProposals(prisma: PrismaClient, scope: { workspaceId: string; roomId: string }) {
  const room = await prisma.room.findFirst({ where: { id: scope.roomId, workspaceId: scope.workspaceId }, select: { id: true } });
  if (!room) throw notFound("That room");
  const rows = await prisma.orchestrationProposal.findMany({
    where: { roomId: room.id },
    orderBy: { createdAt: "desc" },
    take: 20,
    include: { orchestration: { select: { id: true, status: true } } },
  });
  return rows.map((row) => {
    const parsed = validateProposal(row.payload);
    return {
      id: row.id,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      comment: row.comment,
      orchestration: row.orchestration,
      roles: parsed.ok ? parsed.proposal.roles : [],
      budget: parsed.ok ? parsed.proposal.budget : null,
      tickets: parsed.ok ? flattenProposal(parsed.proposal) : [],
      /** a stored payload that no longer validates cannot be approved; say why instead of hiding it */
      problems: parsed.ok ? [] : parsed.errors,
    };
  });
}
export type ProposalView = Awaited<ReturnType<typeof listProposals>>[number];
