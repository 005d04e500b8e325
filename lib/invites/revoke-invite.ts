import "server-only";
/**
 * Revokes a pending invite; its link stops working at once. A conditional
 * update: an invite accepted a moment earlier stays accepted (409).
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";

export async function revokeInvite(prisma: PrismaClient, actor: WorkspaceActor, inviteId: string): Promise<void> {
  assertCan(actor, "manage");
  await prisma.$transaction(async (tx) => {
    const updated = await tx.invite.updateMany({
      where: { id: inviteId, workspaceId: actor.workspaceId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (updated.count === 0) {
      const exists = await tx.invite.findFirst({ where: { id: inviteId, workspaceId: actor.workspaceId }, select: { id: true } });
      if (!exists) throw new AppError("not_found", "That invite was not found.");
      throw new AppError("conflict", "That invite was already accepted or revoked.");
    }
    await recordAudit(tx, { workspaceId: actor.workspaceId, actorId: actor.userId, action: "invite.revoked", targetType: "invite", targetId: inviteId, data: {} });
  });
}
