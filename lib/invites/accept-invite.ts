import "server-only";
/**
 * Accepting an invite makes the signed-in person a member with the invite's
 * role. One use: the invite is claimed with a conditional update, so two
 * people racing on one link cannot both join. An invite bound to an email
 * address is accepted only by the account with that address. Every refusal
 * reads the same for a wrong, expired, revoked or used token, so a link
 * reveals nothing about the workspace once it stopped working.
 * H3: an invite admits only while its creator may still grant its role. That
 * is checked here, under the workspace lock every membership change takes, so
 * a removal or demotion of the creator either lands first and the invite is
 * refused (saying why), or waits for this acceptance to finish.
 */
import { recordAudit } from "../audit/record-audit";
import { notifyAccessChange } from "../auth/access-notice";
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { inviteHolds } from "../grants/grant-rules";
import { lockWorkspaceRow } from "../members/lock-workspace";
import { creatorCannotGrant } from "./invite-refusal";
import { hashInviteToken } from "./invite-token";
import { acceptInviteBody } from "./schemas";

const NOT_VALID = "This invite link has expired, was revoked or was already used. Ask for a new one.";

export async function acceptInvite(
  prisma: PrismaClient,
  user: { id: string; email: string },
  input: { token: string },
): Promise<{ workspace: { slug: string; name: string }; alreadyMember: boolean }> {
  const { token } = acceptInviteBody.parse(input);
  const tokenHash = hashInviteToken(token);
  return prisma.$transaction(async (tx) => {
    const invite = await tx.invite.findUnique({
      where: { tokenHash },
      select: { id: true, workspaceId: true, email: true, role: true, createdById: true, acceptedAt: true, expiresAt: true, workspace: { select: { slug: true, name: true } } },
    });
    if (!invite) throw new AppError("not_found", NOT_VALID);
    if (invite.email && invite.email !== user.email.toLowerCase()) {
      throw new AppError("forbidden", `This invite is for another email address. Sign in with the address it was sent to.`);
    }
    await lockWorkspaceRow(tx, invite.workspaceId);
    const existing = await tx.membership.findUnique({
      where: { workspaceId_userId: { workspaceId: invite.workspaceId, userId: user.id } },
      select: { id: true },
    });
    if (existing) return { workspace: invite.workspace, alreadyMember: true };
    if (invite.acceptedAt || invite.expiresAt <= new Date()) throw new AppError("not_found", NOT_VALID);
    if (!inviteHolds(await creatorRole(tx, invite), invite.role)) throw new AppError("forbidden", creatorCannotGrant(invite.role));
    const claimed = await tx.invite.updateMany({
      where: { id: invite.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
      data: { acceptedAt: new Date(), acceptedById: user.id },
    });
    if (claimed.count === 0) throw new AppError("not_found", NOT_VALID);
    const member = await tx.membership.create({ data: { workspaceId: invite.workspaceId, userId: user.id, role: invite.role }, select: { id: true } });
    await recordAudit(tx, {
      workspaceId: invite.workspaceId,
      actorId: user.id,
      action: "member.added",
      targetType: "membership",
      targetId: member.id,
      data: { userId: user.id, role: invite.role, inviteId: invite.id },
    });
    // Every process forgets what it remembered about this person's memberships.
    await notifyAccessChange(tx, { kind: "membership", workspaceId: invite.workspaceId, userId: user.id });
    return { workspace: invite.workspace, alreadyMember: false };
  });
}

/** What the invite page shows before accepting; null for any token that no longer works. */
export async function peekInvite(prisma: PrismaClient, token: string): Promise<{ workspaceName: string; role: string; email: string | null } | null> {
  const parsed = acceptInviteBody.safeParse({ token });
  if (!parsed.success) return null;
  const invite = await prisma.invite.findFirst({
    where: { tokenHash: hashInviteToken(parsed.data.token), acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    select: { role: true, email: true, workspaceId: true, createdById: true, workspace: { select: { name: true } } },
  });
  if (!invite || !inviteHolds(await creatorRole(prisma, invite), invite.role)) return null;
  return { workspaceName: invite.workspace.name, role: invite.role, email: invite.email };
}

/**
 * Why a token that no longer works stopped, when the reason is its creator's
 * (H3): the message acceptInvite gives. Null for every other reason, which
 * reads the same as a wrong token.
 */
export async function inviteRefusal(prisma: PrismaClient, token: string): Promise<string | null> {
  const parsed = acceptInviteBody.safeParse({ token });
  if (!parsed.success) return null;
  const invite = await prisma.invite.findFirst({
    where: { tokenHash: hashInviteToken(parsed.data.token), acceptedAt: null, expiresAt: { gt: new Date() } },
    select: { role: true, workspaceId: true, createdById: true },
  });
  if (!invite || inviteHolds(await creatorRole(prisma, invite), invite.role)) return null;
  return creatorCannotGrant(invite.role);
}

async function creatorRole(db: Pick<PrismaClient, "membership">, invite: { workspaceId: string; createdById: string }) {
  const creator = await db.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: invite.workspaceId, userId: invite.createdById } },
    select: { role: true },
  });
  return creator?.role ?? null;
}
