import "server-only";
/**
 * G4 needs to know whether someone who could approve is connected. Every open
 * live stream of a member keeps a presence row fresh; a row not refreshed for
 * STALE_MS counts as gone (a crashed web process cannot leave people "online").
 */
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "../db/generated/client";
import type { ApproverPresence } from "../harness/types";

const HEARTBEAT_MS = 15_000;
const STALE_MS = 45_000;

export async function startPresence(prisma: PrismaClient, who: { userId: string; workspaceId: string }): Promise<() => Promise<void>> {
  const id = randomUUID();
  await prisma.presence.create({ data: { id, userId: who.userId, workspaceId: who.workspaceId } });
  const timer = setInterval(() => {
    void prisma.presence.updateMany({ where: { id }, data: { lastSeenAt: new Date() } }).catch(() => undefined);
  }, HEARTBEAT_MS);
  return async () => {
    clearInterval(timer);
    await prisma.presence.deleteMany({ where: { id } }).catch(() => undefined);
  };
}

export function createPrismaPresence(prisma: PrismaClient): ApproverPresence {
  return {
    async anyConnected(workspaceId) {
      const fresh = await prisma.presence.findMany({
        where: { workspaceId, lastSeenAt: { gt: new Date(Date.now() - STALE_MS) } },
        select: { userId: true },
        distinct: ["userId"],
      });
      if (fresh.length === 0) return false;
      const approvers = await prisma.membership.count({
        where: { workspaceId, userId: { in: fresh.map((p) => p.userId) }, role: { in: ["owner", "admin", "member"] } },
      });
      return approvers > 0;
    },
  };
}
