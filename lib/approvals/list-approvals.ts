import "server-only";
/** The inbox: pending approvals first, then the recently decided, with what they are about. */
import type { PrismaClient } from "../db/generated/client";

export async function listApprovals(prisma: PrismaClient, workspaceId: string, options: { status?: "pending" | "all" } = {}) {
  const rows = await prisma.approval.findMany({
    where: { workspaceId, ...(options.status === "pending" ? { status: "pending" } : {}) },
    orderBy: [{ createdAt: "desc" }],
    take: 200,
    include: {
      room: { select: { id: true, name: true, mode: true } },
      toolCall: { select: { tool: true, tier: true, effects: true, args: true, reason: true } },
      plan: { select: { id: true, version: true, goal: true } },
    },
  });
  return rows
    .map((a) => ({
      id: a.id,
      kind: a.kind,
      status: a.status,
      summary: a.summary,
      createdAt: a.createdAt.toISOString(),
      decidedAt: a.decidedAt?.toISOString() ?? null,
      decidedById: a.decidedById,
      comment: a.comment,
      runId: a.runId,
      room: a.room,
      toolCall: a.toolCall,
      plan: a.plan,
    }))
    .sort((a, b) => Number(b.status === "pending") - Number(a.status === "pending"));
}
export type ApprovalView = Awaited<ReturnType<typeof listApprovals>>[number];
