import "server-only";
/**
 * O2: the workspace's orchestration proposals still waiting for a person, for
 * the inbox; each opens in its room's Plan Studio, where people approve it.
 */
import type { PrismaClient } from "../db/generated/client";
import { flattenProposal, validateProposal } from "../plans/proposal";

export async function listPendingProposals(prisma: PrismaClient, workspaceId: string) {
  const rows = await prisma.orchestrationProposal.findMany({
    where: { status: "pending", room: { workspaceId } },
    orderBy: { createdAt: "desc" },
    take: 50,
    select: { id: true, createdAt: true, payload: true, room: { select: { id: true, name: true } } },
  });
  return rows.map((row) => {
    const parsed = validateProposal(row.payload);
    return {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      room: row.room,
      roles: parsed.ok ? parsed.proposal.roles.length : 0,
      tickets: parsed.ok ? flattenProposal(parsed.proposal).length : 0,
      valid: parsed.ok,
    };
  });
}
export type PendingProposalView = Awaited<ReturnType<typeof listPendingProposals>>[number];
