import "server-only";
/**
 * Changes a member's role. The actor must be able to grant both the member's
 * current role and the new one (an admin can neither promote to owner nor
 * demote an owner), and the last owner stays an owner. H3: what the member
 * made that the new role no longer allows ends in the same transaction.
 */
import { recordAudit } from "../audit/record-audit";
import { notifyAccessChange } from "../auth/access-notice";
import { canGrant } from "../auth/permissions";
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { endGrants } from "../grants/end-grants";
import { article, assertCan, type WorkspaceActor } from "../workspaces/actor";
import { countOwners, lockWorkspace } from "./lock-workspace";
import { changeRoleBody, type ChangeRoleBody, type MemberView } from "./schemas";
import { memberSelect, toMemberView } from "./to-member-view";

export async function changeRole(prisma: PrismaClient, actor: WorkspaceActor, memberId: string, input: ChangeRoleBody): Promise<MemberView> {
  const { role } = changeRoleBody.parse(input);
  assertCan(actor, "manage");
  return prisma.$transaction(async (tx) => {
    const current = await lockWorkspace(tx, actor);
    assertCan(current, "manage");
    // Scoped by workspace: another workspace's membership id is simply not found.
    const member = await tx.membership.findFirst({ where: { id: memberId, workspaceId: actor.workspaceId }, select: memberSelect });
    if (!member) throw new AppError("not_found", "That member was not found in this workspace.");
    if (member.role === role) return toMemberView(member);
    if (!canGrant(current.role, member.role)) {
      throw new AppError("forbidden", `As ${article(current.role)} ${current.role} you cannot change the role of ${article(member.role)} ${member.role}.`);
    }
    if (!canGrant(current.role, role)) {
      throw new AppError("forbidden", `As ${article(current.role)} ${current.role} you cannot make someone ${article(role)} ${role}.`);
    }
    if (member.role === "owner" && (await countOwners(tx, actor.workspaceId)) === 1) {
      throw new AppError("unprocessable", "The last owner cannot be demoted. Make someone else an owner first.");
    }
    const updated = await tx.membership.update({ where: { id: member.id }, data: { role }, select: memberSelect });
    await endGrants(tx, { workspaceId: actor.workspaceId, userId: member.user.id, actorId: actor.userId, from: member.role, to: role });
    // H5: delivered on commit; every process closes this person's open streams of the workspace.
    await notifyAccessChange(tx, { kind: "membership", workspaceId: actor.workspaceId, userId: member.user.id });
    await recordAudit(tx, {
      workspaceId: actor.workspaceId,
      actorId: actor.userId,
      action: "member.role_changed",
      targetType: "membership",
      targetId: member.id,
      data: { userId: member.user.id, from: member.role, to: role },
    });
    return toMemberView(updated);
  });
}
