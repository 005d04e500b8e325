import "server-only";
/** The workspace's rooms with their mode badges and what waits in them; archived rooms only when asked for (`archived`), and then only they. */
import { ACTIVE_RUN_STATUSES } from "../run-status/run-status";
import type { PrismaClient } from "../db/generated/client";
import { profileView } from "../modes/profile-view";
import { roomProfile } from "../modes/room-mode";

export async function listRooms(prisma: PrismaClient, workspaceId: string, options: { archived?: boolean } = {}) {
  const rooms = await prisma.room.findMany({
    where: { workspaceId, archivedAt: options.archived ? { not: null } : null },
    orderBy: { createdAt: "desc" },
    include: {
      repository: { select: { name: true } },
      agent: { select: { name: true } },
      _count: { select: { approvals: { where: { status: "pending" } }, runs: { where: { status: { in: [...ACTIVE_RUN_STATUSES] } } } } },
    },
  });
  return rooms.map((r) => ({
    id: r.id,
    name: r.name,
    /** X1: the mode id, and its profile for the badge — from the room's own record (G8) */
    mode: roomProfile(r).id,
    profile: profileView(roomProfile(r)),
    autonomy: r.autonomy,
    repository: r.repository?.name ?? null,
    agent: r.agent?.name ?? null,
    pullRequestId: r.pullRequestId,
    pendingApprovals: r._count.approvals,
    activeRuns: r._count.runs,
    archivedAt: r.archivedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
export type RoomListItem = Awaited<ReturnType<typeof listRooms>>[number];
