import "server-only";
/**
 * R8, R10: a pull request's head moved (a push, a synchronize delivery, a
 * refresh). Findings are records, not comments to overwrite: each keeps its
 * state and history, its anchor is carried through the diff old head → new
 * head (marked outdated when its lines are gone), and a re-review of the new
 * head is queued. Earlier reviews stay as they were: they are the history.
 *
 * The head moves with a conditional update on the head it was read at, so two
 * deliveries for the same push cannot both remap and queue.
 */
import { recordFindingEvents, type FindingEventInput } from "../reviews/record-finding-events";
import type { Prisma as Db, PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { remapBetweenHeads, type MovedAnchor } from "../reviews/remap-between-heads";
import { mirrorPath, worktreeGit } from "../repos/mirror-paths";
import { checkoutDetached } from "../repos/worktrees";
import { queueReview } from "../reviews/queue-review";
import { pullRoomName } from "./create-pull-request";
import { forgeVersionGuard } from "./set-pull-state";

export interface NewHead {
  headSha: string;
  /** the merge base with the base branch at the new head */
  baseSha: string;
  /** the base branch when it may have changed (GitHub `edited`): a new base is reviewed against at the same head too */
  baseRef?: string;
  title?: string;
  reopen?: boolean;
  /** R9: the GitHub snapshot version this change applies; it never overwrites a newer one */
  forgeVersion?: number;
}

export interface HeadChange {
  changed: boolean;
  previousHeadSha: string;
  headSha: string;
  runId: string | null;
}

type AnchoredFinding = { id: string; file: string; startLine: number; endLine: number; anchorSha: string | null; outdated: boolean };

export async function applyNewHead(prisma: PrismaClient, pullRequestId: string, next: NewHead, ctx: { userId: string | null }): Promise<HeadChange> {
  const pull = await prisma.pullRequest.findUnique({
    where: { id: pullRequestId },
    include: {
      room: { select: { id: true, agentId: true, worktreePath: true, repositoryId: true, conversations: { where: { parentId: null }, orderBy: { createdAt: "asc" }, take: 1, select: { id: true } } } },
    },
  });
  if (!pull) throw notFound("That pull request");
  const previousHeadSha = pull.headSha;
  const guard = forgeVersionGuard(next.forgeVersion);
  const version = next.forgeVersion !== undefined ? { forgeVersion: next.forgeVersion } : {};
  // R7, R9: a new base (GitHub `edited`) is reviewed against like a push, even at the same head.
  const retargeted = next.baseRef !== undefined && (next.baseRef !== pull.baseRef || next.baseSha !== pull.baseSha);
  if (pull.headSha === next.headSha && !retargeted) {
    if (next.reopen || (next.title && next.title !== pull.title)) {
      await prisma.pullRequest.updateMany({ where: { id: pull.id, ...guard }, data: { ...(next.reopen ? { state: "open" } : {}), ...(next.title ? { title: next.title } : {}), ...version } });
    }
    await moveReviewWorktree(pull.workspaceId, pull.room, pull.headSha);
    return { changed: false, previousHeadSha, headSha: pull.headSha, runId: null };
  }

  const rows = (await prisma.finding.findMany({
    where: { pullRequestId: pull.id, file: { not: null }, startLine: { not: null }, endLine: { not: null } },
    select: { id: true, file: true, startLine: true, endLine: true, anchorSha: true, outdated: true },
  })) as AnchoredFinding[];
  const moves = pull.headSha === next.headSha ? [] : await remapAll(mirrorPath(pull.repositoryId), pull.headSha, next.headSha, rows);
  // Before the transaction: once the re-review run is queued a worker may read the worktree at once.
  await moveReviewWorktree(pull.workspaceId, pull.room, next.headSha);

  const outcome = await prisma.$transaction(async (tx) => {
    const moved = await tx.pullRequest.updateMany({
      where: { id: pull.id, headSha: previousHeadSha, baseSha: pull.baseSha, baseRef: pull.baseRef, ...guard },
      data: {
        headSha: next.headSha,
        baseSha: next.baseSha,
        ...(next.baseRef ? { baseRef: next.baseRef } : {}),
        ...(next.title ? { title: next.title } : {}),
        ...(next.reopen ? { state: "open" } : {}),
        ...version,
      },
    });
    if (moved.count === 0) return null;
    const counts = await applyMoves(tx, moves, previousHeadSha, next.headSha);
    const room = pull.room;
    if (!room) return { runId: null };
    if (next.title && next.title !== pull.title) await tx.room.update({ where: { id: room.id }, data: { name: pullRoomName(pull.number, next.title) } });
    if (previousHeadSha !== next.headSha) {
      await recordEvent(tx, {
        workspaceId: pull.workspaceId,
        roomId: room.id,
        type: "pull.head_changed",
        data: { pullRequestId: pull.id, from: previousHeadSha, to: next.headSha, ...counts },
      });
    }
    if (retargeted) {
      await recordEvent(tx, { workspaceId: pull.workspaceId, roomId: room.id, type: "pull.edited", data: { pullRequestId: pull.id, title: next.title ?? pull.title, baseRef: next.baseRef ?? pull.baseRef } });
    }
    const conversationId = room.conversations[0]?.id ?? (await tx.conversation.create({ data: { roomId: room.id, title: "Main" }, select: { id: true } })).id;
    const queued = await queueReview(tx, {
      workspaceId: pull.workspaceId,
      roomId: room.id,
      conversationId,
      agentId: room.agentId,
      repositoryId: pull.repositoryId,
      userId: ctx.userId,
      reason: previousHeadSha === next.headSha ? "retargeted" : "pushed",
      pull: { ...pull, headSha: next.headSha, baseSha: next.baseSha, baseRef: next.baseRef ?? pull.baseRef, title: next.title ?? pull.title },
    });
    return { runId: queued.runId };
  });

  if (!outcome) {
    // Another delivery moved the head first; leave the worktree where the winner wants it.
    const current = await prisma.pullRequest.findUniqueOrThrow({ where: { id: pull.id }, select: { headSha: true } });
    await moveReviewWorktree(pull.workspaceId, pull.room, current.headSha);
    return { changed: false, previousHeadSha, headSha: current.headSha, runId: null };
  }
  return { changed: true, previousHeadSha, headSha: next.headSha, runId: outcome.runId };
}

/** Anchors are grouped by the head they were made at (normally all at the previous head). */
/** H2: the review room's worktree is moved with the git data its records name (H6: its files in the sandbox). */
async function moveReviewWorktree(workspaceId: string, room: { worktreePath: string | null; repositoryId: string | null } | null, sha: string): Promise<void> {
  const wg = worktreeGit(room?.repositoryId ?? null, room?.worktreePath ?? null);
  if (room?.worktreePath && wg) await checkoutDetached({ path: room.worktreePath, git: wg, workspaceId }, sha);
}

async function remapAll(mirror: string, previousHead: string, nextHead: string, rows: AnchoredFinding[]) {
  const groups = new Map<string, AnchoredFinding[]>();
  for (const row of rows) {
    const at = row.anchorSha ?? previousHead;
    groups.set(at, [...(groups.get(at) ?? []), row]);
  }
  const moves: { row: AnchoredFinding; fromSha: string; to: MovedAnchor }[] = [];
  for (const [fromSha, group] of groups) {
    const moved = await remapBetweenHeads(mirror, fromSha, nextHead, group);
    group.forEach((row, i) => moves.push({ row, fromSha, to: moved[i]! }));
  }
  return moves;
}

async function applyMoves(tx: Db.TransactionClient, moves: Awaited<ReturnType<typeof remapAll>>, previousHead: string, nextHead: string) {
  const unchanged: string[] = [];
  const events: FindingEventInput[] = [];
  let outdated = 0;
  for (const { row, fromSha, to } of moves) {
    if (!to.changed && fromSha === previousHead) {
      unchanged.push(row.id);
      continue;
    }
    const nowOutdated = to.outdated && !row.outdated;
    if (nowOutdated) outdated += 1;
    await tx.finding.update({
      where: { id: row.id },
      data: { file: to.file, startLine: to.startLine, endLine: to.endLine, anchorSha: nextHead, outdated: row.outdated || to.outdated },
    });
    const data = {
      fromSha,
      toSha: nextHead,
      from: { file: row.file, startLine: row.startLine, endLine: row.endLine },
      to: { file: to.file, startLine: to.startLine, endLine: to.endLine },
      ...(to.reason ? { reason: to.reason } : {}),
    };
    events.push({ findingId: row.id, type: nowOutdated ? "outdated" : "remapped", actor: "platform", data });
  }
  if (unchanged.length > 0) await tx.finding.updateMany({ where: { id: { in: unchanged } }, data: { anchorSha: nextHead } });
  await recordFindingEvents(tx, ...events);
  return { remapped: events.length - outdated, outdated, unchanged: unchanged.length };
}
