import "server-only";
/** Pending invites of a workspace (not accepted, not revoked, not expired), newest first. */
import type { PrismaClient } from "../db/generated/client";
import type { InviteView } from "./schemas";
import { toInviteView } from "./to-invite-view";

export async function listPendingInvites(prisma: PrismaClient, workspaceId: string): Promise<InviteView[]> {
  const rows = await prisma.invite.findMany({
    where: { workspaceId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    take: 200,
  });
  return rows.map(toInviteView);
}
