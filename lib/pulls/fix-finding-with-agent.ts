import "server-only";
/**
 * "Fix with an agent": a person opens an Agent-mode room seeded with a
 * finding — its file and lines, body, suggested change and discussion — and
 * the agent starts on it at once. The finding links to the room, and asking
 * again opens the same room instead of a second one.
 *
 * Why a room of its own and not a thread of the review room: M1 makes the
 * mode a property of the room that every conversation in it shares, threads
 * included, so an Agent-mode thread inside a review room would have to widen
 * the review room's mode (and with it the reviewer's surface, posture and
 * prompt, M4) to a writable one. R1 keeps review read-only, and G6 forbids a
 * widening without a durable approval. A separate chat room on the pull
 * request's repository leaves the review room exactly as it was. Its worktree
 * starts at the head commit the finding was read at, on a branch of the room's
 * own (as every room's is), so the agent's commits never move the pull
 * request's head behind the reviewers' backs.
 */
import { recordFindingEvents } from "../reviews/record-finding-events";
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { AGENT_MODE_ID } from "../modes/profiles";
import { mirrorPath } from "../repos/mirror-paths";
import { removeWorktree } from "../repos/worktrees";
import { createRoom } from "../rooms/create-room";
import { postMessage } from "../runs/post-message";
import { assertPullOpen } from "../reviews/assert-pull-open";
import { findScopedFinding, userNames } from "../reviews/get-finding";
import { OFFLINE_REVIEWER_MODEL } from "../reviews/offline/offline-review-model";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { fixSeedMessage } from "./fix-seed-message";
import type { FixFindingBody } from "./fix-finding-body";

export interface FixRoomOutcome {
  room: { id: string; name: string };
  /** false when the finding already had a fix room (it is returned instead) */
  created: boolean;
}

export async function fixFindingWithAgent(prisma: PrismaClient, actor: WorkspaceActor, ref: { pullRequestId: string; findingId: string }, body: FixFindingBody): Promise<FixRoomOutcome> {
  assertCan(actor, "write");
  await assertPullOpen(prisma, actor.workspaceId, ref.pullRequestId);
  const finding = await findScopedFinding(prisma, { workspaceId: actor.workspaceId, ...ref });
  const existing = await linkedRoom(prisma, finding.fixRoomId);
  if (existing) return { room: existing, created: false };

  const pull = await prisma.pullRequest.findUniqueOrThrow({ where: { id: ref.pullRequestId }, select: { number: true, headSha: true, headRef: true, repositoryId: true } });
  const agent = await pickFixer(prisma, actor.workspaceId, body.agentId);
  const room = await createRoom(prisma, { workspaceId: actor.workspaceId, userId: actor.userId }, {
    name: clip(`Fix #${pull.number}: ${finding.title}`, 120),
    mode: AGENT_MODE_ID,
    autonomy: "auto_edit",
    repositoryId: pull.repositoryId,
    agentId: agent.id,
    ref: pull.headSha,
  });
  // Two people clicking at once: the first link wins and the other room is removed again.
  const linked = await prisma.finding.updateMany({ where: { id: finding.id, fixRoomId: null }, data: { fixRoomId: room.id } });
  if (linked.count === 0) {
    await prisma.room.delete({ where: { id: room.id } });
    if (room.worktreePath) await removeWorktree({ mirror: mirrorPath(pull.repositoryId), worktreePath: room.worktreePath }).catch(() => undefined);
    const winner = await linkedRoom(prisma, (await prisma.finding.findUniqueOrThrow({ where: { id: finding.id }, select: { fixRoomId: true } })).fixRoomId);
    if (!winner) throw new AppError("conflict", "Someone changed this finding meanwhile; try again.");
    return { room: winner, created: false };
  }

  const replies = await prisma.findingReply.findMany({ where: { findingId: finding.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 50 });
  const names = await userNames(prisma, replies.flatMap((r) => (r.authorUserId ? [r.authorUserId] : [])));
  const content = fixSeedMessage({
    pull: { number: pull.number, headRef: pull.headRef, headSha: pull.headSha },
    finding,
    replies: replies.map((r) => ({ who: r.author.startsWith("agent:") ? r.author.slice(6) : ((r.authorUserId && names.get(r.authorUserId)) ?? "Someone"), body: r.body })),
  });
  await prisma.$transaction(async (tx) => {
    await recordFindingEvents(tx, { findingId: finding.id, type: "fix_started", actor: `user:${actor.userId}`, data: { roomId: room.id, agent: agent.name } });
    await recordEvent(tx, {
      workspaceId: actor.workspaceId,
      roomId: finding.roomId,
      type: "finding.fix_started",
      data: { pullRequestId: ref.pullRequestId, findingId: finding.id, fixRoomId: room.id, by: actor.userId },
    });
  });
  await postMessage(prisma, { workspaceId: actor.workspaceId, roomId: room.id, userId: actor.userId, content });
  return { room: { id: room.id, name: room.name }, created: true };
}

async function linkedRoom(prisma: PrismaClient, roomId: string | null): Promise<{ id: string; name: string } | null> {
  if (!roomId) return null;
  return prisma.room.findUnique({ where: { id: roomId }, select: { id: true, name: true } });
}

/** The agent a person chose, else the workspace's first agent that is not the built-in reviewer (it only reviews). */
async function pickFixer(prisma: PrismaClient, workspaceId: string, agentId: string | undefined) {
  if (agentId) {
    const chosen = await prisma.agent.findFirst({ where: { id: agentId, workspaceId, archivedAt: null }, select: { id: true, name: true, model: true } });
    if (!chosen) throw notFound("That agent");
    if (chosen.model === OFFLINE_REVIEWER_MODEL) throw new AppError("unprocessable", "The built-in reviewer only reviews; pick an agent that can change code.");
    return chosen;
  }
  const first = await prisma.agent.findFirst({ where: { workspaceId, archivedAt: null, NOT: { model: OFFLINE_REVIEWER_MODEL } }, orderBy: { createdAt: "asc" }, select: { id: true, name: true } });
  if (!first) throw new AppError("unprocessable", "This workspace has no agent that can change code; add one under Settings → Agents first.");
  return first;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
