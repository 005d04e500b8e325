import "server-only";
/** Opening the inbox marks everything in it as seen for this person (the unread count restarts at 0). */
import type { PrismaClient } from "../db/generated/client";

export async function markInboxSeen(prisma: PrismaClient, input: { workspaceId: string; userId: string }): Promise<void> {
  await prisma.membership.updateMany({ where: { workspaceId: input.workspaceId, userId: input.userId }, data: { inboxSeenAt: new Date() } });
}
