import "server-only";
/**
 * R3: a person asks another member to review a pull request (members and
 * above). The reviewer must be able to confirm findings — a member, admin or
 * owner of the workspace — and is not the pull request's author (an author
 * never confirms their own work). Asking twice is one request. The request is
 * an event the reviewer is notified of (lib/notifications) and a row the pull
 * request and the reviewer's inbox list until it is withdrawn.
 */
import { recordAudit } from "../audit/record-audit";
import { can } from "../auth/permissions";
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";

export async function requestReview(prisma: PrismaClient, actor: WorkspaceActor, input: { pullRequestId: string; userId: string }): Promise<{ requested: boolean }> {
  assertCan(actor, "write");
  return prisma.$transaction(async (tx) => {
    const pull = await tx.pullRequest.findFirst({ where: { id: input.pullRequestId, workspaceId: actor.workspaceId }, select: { id: true, state: true, authorId: true, room: { select: { id: true } } } });
    if (!pull) throw notFound("That pull request");
    if (pull.state !== "open") throw new AppError("conflict", "This pull request is not open; reopen it before asking for a review.");
    const member = await tx.membership.findFirst({ where: { workspaceId: actor.workspaceId, userId: input.userId }, select: { role: true, user: { select: { name: true } } } });
    if (!member) throw new AppError("unprocessable", "Ask someone who is a member of this workspace.");
    if (!can(member.role, "write")) throw new AppError("unprocessable", `${member.user.name} is a viewer here and cannot confirm findings; ask a member, admin or owner.`);
    if (pull.authorId === input.userId) throw new AppError("unprocessable", `${member.user.name} opened this pull request; an author does not review their own work (R3).`);
    const { count } = await tx.reviewRequest.createMany({ data: [{ pullRequestId: pull.id, userId: input.userId, requestedById: actor.userId }], skipDuplicates: true });
    if (count === 0) return { requested: false };
    await recordAudit(tx, { workspaceId: actor.workspaceId, actorId: actor.userId, action: "pull.review_requested", targetType: "pull_request", targetId: pull.id, data: { userId: input.userId } });
    await recordEvent(tx, { workspaceId: actor.workspaceId, roomId: pull.room?.id ?? null, type: "pull.review_requested", data: { pullRequestId: pull.id, userId: input.userId, by: actor.userId } });
    return { requested: true };
  });
}

/** R3: the request is withdrawn (by anyone who may write); the reviewer is no longer listed or asked. */
export async function withdrawReviewRequest(prisma: PrismaClient, actor: WorkspaceActor, input: { pullRequestId: string; userId: string }): Promise<{ withdrawn: boolean }> {
  assertCan(actor, "write");
  return prisma.$transaction(async (tx) => {
    const pull = await tx.pullRequest.findFirst({ where: { id: input.pullRequestId, workspaceId: actor.workspaceId }, select: { id: true, room: { select: { id: true } } } });
    if (!pull) throw notFound("That pull request");
    const { count } = await tx.reviewRequest.deleteMany({ where: { pullRequestId: pull.id, userId: input.userId } });
    if (count === 0) return { withdrawn: false };
    await recordAudit(tx, { workspaceId: actor.workspaceId, actorId: actor.userId, action: "pull.review_request_withdrawn", targetType: "pull_request", targetId: pull.id, data: { userId: input.userId } });
    await recordEvent(tx, { workspaceId: actor.workspaceId, roomId: pull.room?.id ?? null, type: "pull.review_request_withdrawn", data: { pullRequestId: pull.id, userId: input.userId, by: actor.userId } });
    return { withdrawn: true };
  });
}
