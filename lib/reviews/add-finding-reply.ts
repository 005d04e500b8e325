import "server-only";
/**
 * R10: a person replies to a finding, in Markdown (the browser renders it with
 * the sanitized Markdown component). Each reply is a room event, so everyone
 * on the review sees it arrive. Replying takes the permission posting a
 * message takes (members and up; viewers read), and a closed pull request's
 * thread is read-only like the rest of its review (R9).
 */
import type { PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { assertPullOpen } from "./assert-pull-open";
import { toReplyView, type FindingReplyView } from "./finding-reply-view";
import { findScopedFinding, userNames } from "./get-finding";
import { findingReplyBody } from "./request-schemas";

export async function addFindingReply(prisma: PrismaClient, actor: WorkspaceActor, ref: { pullRequestId: string; findingId: string }, input: unknown): Promise<FindingReplyView> {
  assertCan(actor, "write");
  const { body } = findingReplyBody.parse(input);
  await assertPullOpen(prisma, actor.workspaceId, ref.pullRequestId);
  const finding = await findScopedFinding(prisma, { workspaceId: actor.workspaceId, ...ref });
  const reply = await prisma.$transaction(async (tx) => {
    const created = await tx.findingReply.create({ data: { findingId: finding.id, author: `user:${actor.userId}`, authorUserId: actor.userId, body } });
    await recordEvent(tx, {
      workspaceId: actor.workspaceId,
      roomId: finding.roomId,
      type: "finding.replied",
      data: { pullRequestId: ref.pullRequestId, findingId: finding.id, replyId: created.id, by: actor.userId },
    });
    return created;
  });
  const names = await userNames(prisma, [actor.userId]);
  return toReplyView(reply, names);
}
