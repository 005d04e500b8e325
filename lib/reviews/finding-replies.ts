import "server-only";
/**
 * R10: a finding's discussion thread. People reply in Markdown (the browser
 * renders it with the sanitized Markdown component); each reply is a room
 * event, so everyone on the review sees it arrive. Replying takes the
 * permission posting a message takes (members and up; viewers read), and a
 * closed pull request's thread is read-only like the rest of its review (R9).
 */
import type { PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { assertPullOpen } from "./assert-pull-open";
import { findScopedFinding, userNames, type FindingRef } from "./get-finding";
import { findingReplyBody } from "./request-schemas";

export interface FindingReplyView {
  id: string;
  findingId: string;
  /** "user:<id>" or "agent:<name>" */
  author: string;
  authorName: string;
  body: string;
  createdAt: string;
}

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

export async function listFindingReplies(prisma: PrismaClient, ref: FindingRef): Promise<FindingReplyView[]> {
  await findScopedFinding(prisma, ref);
  const rows = await prisma.findingReply.findMany({ where: { findingId: ref.findingId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const names = await userNames(prisma, rows.flatMap((r) => (r.authorUserId ? [r.authorUserId] : [])));
  return rows.map((r) => toReplyView(r, names));
}

function toReplyView(row: { id: string; findingId: string; author: string; authorUserId: string | null; body: string; createdAt: Date }, names: ReadonlyMap<string, string>): FindingReplyView {
  const authorName = row.author.startsWith("agent:") ? row.author.slice("agent:".length) : ((row.authorUserId && names.get(row.authorUserId)) ?? "Someone");
  return { id: row.id, findingId: row.findingId, author: row.author, authorName, body: row.body, createdAt: row.createdAt.toISOString() };
}
