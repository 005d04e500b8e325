import "server-only";
/**
 * G4 needs to know whether someone who could approve is connected. G5: that
 * counts people with a live page of the workspace (every open live stream of a
 * member keeps a presence row fresh) and people whose MCP client made a valid
 * request within the same window (each request refreshes one row per
 * workspace they belong to). A row not refreshed for PRESENCE_WINDOW_MS counts
 * as gone, so a crashed web process or a closed MCP client cannot leave people
 * "online". Only roles that may decide approvals count.
 */
import { randomUUID } from "node:crypto";
import { can, type Role } from "../auth/permissions";
import type { PrismaClient } from "../db/generated/client";
import type { ApproverPresence } from "../harness/types";

const HEARTBEAT_MS = 15_000;
/** G5: how long a page's heartbeat or an MCP request keeps a person "connected" */
export const PRESENCE_WINDOW_MS = 45_000;

const APPROVER_ROLES = (["owner", "admin", "member", "viewer"] as const satisfies readonly Role[]).filter((role) => can(role, "write"));

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

/** The presence row an MCP session keeps in one workspace (one per person and workspace). */
export function mcpPresenceId(userId: string, workspaceId: string): string {
  return `mcp:${userId}:${workspaceId}`;
}

/**
 * G5: a valid MCP request from `userId` marks them connected, now, in every
 * workspace they belong to (whether their role may approve there is decided
 * when someone asks, so a role change applies at once).
 */
export async function refreshMcpPresence(prisma: PrismaClient, userId: string): Promise<void> {
  const memberships = await prisma.membership.findMany({ where: { userId }, select: { workspaceId: true } });
  if (memberships.length === 0) return;
  const now = new Date();
  const rows = memberships.map(({ workspaceId }) => ({ id: mcpPresenceId(userId, workspaceId), userId, workspaceId, lastSeenAt: now }));
  const { count } = await prisma.presence.updateMany({ where: { id: { in: rows.map((row) => row.id) } }, data: { lastSeenAt: now } });
  if (count < rows.length) await prisma.presence.createMany({ data: rows, skipDuplicates: true });
}

export function createPrismaPresence(prisma: PrismaClient): ApproverPresence {
  return {
    async anyConnected(workspaceId) {
      const fresh = await prisma.presence.findMany({
        where: { workspaceId, lastSeenAt: { gt: new Date(Date.now() - PRESENCE_WINDOW_MS) } },
        select: { userId: true },
        distinct: ["userId"],
      });
      if (fresh.length === 0) return false;
      const approvers = await prisma.membership.count({
        where: { workspaceId, userId: { in: fresh.map((p) => p.userId) }, role: { in: APPROVER_ROLES } },
      });
      return approvers > 0;
    },
  };
}
