import "server-only";
/**
 * Invites someone to the workspace with a role, by link or bound to an email
 * address. Admins and owners invite, and nobody invites above their own role
 * (the same rule as adding a member). The token is returned once.
 */
import { recordAudit } from "../audit/record-audit";
import { canGrant } from "../auth/permissions";
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { lockWorkspace } from "../members/lock-workspace";
import { article, assertCan, type WorkspaceActor } from "../workspaces/actor";
import { invitePath, newInviteToken } from "./invite-token";
import { createInviteBody, type CreateInviteBody, type InviteView } from "./schemas";
import { toInviteView } from "./to-invite-view";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createInvite(
  prisma: PrismaClient,
  actor: WorkspaceActor,
  input: CreateInviteBody,
): Promise<{ invite: InviteView; token: string; path: string }> {
  const { email, role, expiresInDays } = createInviteBody.parse(input);
  assertCan(actor, "manage");
  const { token, tokenHash } = newInviteToken();
  const invite = await prisma.$transaction(async (tx) => {
    const current = await lockWorkspace(tx, actor);
    assertCan(current, "manage");
    if (!canGrant(current.role, role)) {
      throw new AppError("forbidden", `As ${article(current.role)} ${current.role} you cannot invite someone as ${article(role)} ${role}.`);
    }
    if (email) {
      const member = await tx.membership.findFirst({ where: { workspaceId: actor.workspaceId, user: { email } }, select: { role: true } });
      if (member) throw new AppError("conflict", `${email} is already a member (${member.role}).`);
    }
    const created = await tx.invite.create({
      data: {
        workspaceId: actor.workspaceId,
        email: email ?? null,
        role,
        tokenHash,
        createdById: actor.userId,
        expiresAt: new Date(Date.now() + expiresInDays * DAY_MS),
      },
    });
    await recordAudit(tx, { workspaceId: actor.workspaceId, actorId: actor.userId, action: "invite.created", targetType: "invite", targetId: created.id, data: { email: email ?? null, role } });
    return created;
  });
  return { invite: toInviteView(invite), token, path: invitePath(token) };
}
