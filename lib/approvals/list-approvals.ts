import "server-only";
/** The inbox: pending approvals first, then the recently decided, with what they are about. */
import type { PrismaClient } from "../db/generated/client";
import { profileView } from "../modes/profile-view";
import { roomProfile } from "../modes/room-mode";

export async function listApprovals(prisma: PrismaClient, workspaceId: string, options: { status?: "pending" | "all" } = {}) {
  const rows = await prisma.approval.findMany({
    where: { workspaceId, ...(options.status === "pending" ? { status: "pending" } : {}) },
    orderBy: [{ createdAt: "desc" }],
    take: 200,
    include: {
      room: { select: { id: true, name: true, mode: true, modeDeclaration: true } },
      toolCall: { select: { tool: true, tier: true, effects: true, args: true, reason: true } },
      plan: { select: { id: true, version: true, goal: true } },
    },
  });
  // Who decided each one, by name (the inbox's history says who, not what the room is in now).
  const deciderIds = [...new Set(rows.map((a) => a.decidedById).filter((id): id is string => id !== null))];
  const deciders = new Map((deciderIds.length ? await prisma.user.findMany({ where: { id: { in: deciderIds } }, select: { id: true, name: true } }) : []).map((u) => [u.id, u.name]));
  return rows
    .map((a) => ({
      id: a.id,
      kind: a.kind,
      status: a.status,
      summary: a.summary,
      createdAt: a.createdAt.toISOString(),
      decidedAt: a.decidedAt?.toISOString() ?? null,
      decidedById: a.decidedById,
      /** the person who decided, by name; null when nobody did (refused with nobody to ask, or settled by a later change) */
      decidedBy: a.decidedById ? (deciders.get(a.decidedById) ?? "a former member") : null,
      comment: a.comment,
      runId: a.runId,
      /** X4: a mode switch's cancel window; null = a durable request (G6, G8) */
      cancelBy: a.cancelBy?.toISOString() ?? null,
      // X1, G8: the room's mode as the room records it (a declared mode by its own name).
      room: a.room ? { id: a.room.id, name: a.room.name, mode: a.room.mode, profile: profileView(roomProfile(a.room)) } : null,
      toolCall: a.toolCall,
      plan: a.plan,
    }))
    .sort((a, b) => Number(b.status === "pending") - Number(a.status === "pending"));
}
export type ApprovalView = Awaited<ReturnType<typeof listApprovals>>[number];
