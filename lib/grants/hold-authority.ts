import "server-only";
/**
 * H3, H5: a person's role in a workspace, read for a decision made in this
 * transaction and held until it commits. Every membership change locks the
 * workspace row FOR UPDATE first (lib/members/lock-workspace.ts); this takes
 * the weakest lock that conflicts with it (FOR KEY SHARE), so a removal or a
 * demotion racing the decision waits for it — the decision counts as made
 * before — or lands first and is seen here. Either way nothing is decided with
 * a role the person no longer has. Plain updates of the workspace row are not
 * blocked.
 */
import type { Role } from "../auth/permissions";
import type { Prisma as Db } from "../db/generated/client";

export async function holdAuthority(tx: Db.TransactionClient, who: { workspaceId: string; userId: string }): Promise<Role | null> {
  await tx.$queryRaw`SELECT "id" FROM "Workspace" WHERE "id" = ${who.workspaceId} FOR KEY SHARE`;
  const membership = await tx.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: who.workspaceId, userId: who.userId } },
    select: { role: true },
  });
  return membership?.role ?? null;
}
