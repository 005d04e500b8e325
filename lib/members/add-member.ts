import "server-only";
/**
 * Adds an existing Gatehouse user to the workspace by email. Only admins and
 * owners manage members, and nobody grants a role above their own.
 */
import { recordAudit } from "../audit/record-audit";
import { canGrant } from "../auth/permissions";
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { article, assertCan, type WorkspaceActor } from "../workspaces/actor";
import { lockWorkspace } from "./lock-workspace";
import { addMemberBody, type AddMemberBody, type MemberView } from "./schemas";
import { memberSelect, toMemberView } from "./to-member-view";

export async function addMember(prisma: PrismaClient, actor: WorkspaceActor, input: AddMemberBody): Promise<MemberView> {
  const { email, role } = addMemberBody.parse(input);
  assertCan(actor, "manage");
  return prisma.$transaction(async (tx) => {
    const current = await lockWorkspace(tx, actor);
    assertCan(current, "manage");
    if (!canGrant(current.role, role)) {
      throw new AppError("forbidden", `As ${article(current.role)} ${current.role} you cannot make someone ${article(role)} ${role}.`);
    }
    const user = await tx.user.findUnique({ where: { email }, select: { id: true } });
    if (!user) throw new AppError("not_found", `Nobody has signed up with ${email} yet. Ask them to create an account first.`);
    const existing = await tx.membership.findUnique({
      where: { workspaceId_userId: { workspaceId: actor.workspaceId, userId: user.id } },
      select: { role: true },
    });
    if (existing) throw new AppError("conflict", `${email} is already a member (${existing.role}).`);
    const member = await tx.membership.create({
      data: { workspaceId: actor.workspaceId, userId: user.id, role },
      select: memberSelect,
    });
    await recordAudit(tx, {
      workspaceId: actor.workspaceId,
      actorId: actor.userId,
      action: "member.added",
      targetType: "membership",
      targetId: member.id,
      data: { userId: user.id, email, role },
    });
    return toMemberView(member);
  });
}
