import "server-only";
/**
 * Removes a member. The actor must outrank or equal them (an admin cannot
 * remove an owner), and the last owner cannot be removed, not even by
 * themselves: a workspace always has someone who can manage it. H3: what
 * they made that grants access ends with them, in the same transaction.
 */
import { recordAudit } from "../audit/record-audit";
import { notifyAccessChange } from "../auth/access-notice";
import { canGrant } from "../auth/permissions";
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { endGrants } from "../grants/end-grants";
import { article, assertCan, type WorkspaceActor } from "../workspaces/actor";
import { countOwners, lockWorkspace } from "./lock-workspace";

export async function removeMember(prisma: PrismaClient, actor: WorkspaceActor, memberId: string): Promise<{ id: string }> {
  assertCan(actor, "manage");
  return prisma.$transaction(async (tx) => {
    const current = await lockWorkspace(tx, actor);
    assertCan(current, "manage");
    const member = await tx.membership.findFirst({
      where: { id: memberId, workspaceId: actor.workspaceId },
      select: { id: true, role: true, userId: true, user: { select: { email: true } } },
    });
    if (!member) throw new AppError("not_found", "That member was not found in this workspace.");
    if (!canGrant(current.role, member.role)) {
      throw new AppError("forbidden", `As ${article(current.role)} ${current.role} you cannot remove ${article(member.role)} ${member.role}.`);
    }
    if (member.role === "owner" && (await countOwners(tx, actor.workspaceId)) === 1) {
      throw new AppError("unprocessable", "The last owner cannot be removed. Make someone else an owner first.");
    }
    await tx.membership.delete({ where: { id: member.id } });
    await endGrants(tx, { workspaceId: actor.workspaceId, userId: member.userId, actorId: actor.userId, from: member.role, to: null });
    // H5: delivered on commit; every process closes this person's open streams of the workspace.
    await notifyAccessChange(tx, { kind: "membership", workspaceId: actor.workspaceId, userId: member.userId });
    await recordAudit(tx, {
      workspaceId: actor.workspaceId,
      actorId: actor.userId,
      action: "member.removed",
      targetType: "membership",
      targetId: member.id,
      data: { userId: member.userId, email: member.user.email, role: member.role },
    });
    return { id: member.id };
  });
}
