import "server-only";
/**
 * Creates a pull request with everything it needs, all or nothing: its review
 * room (R1: mode review, a detached worktree at the head commit), the review
 * request and run, and the axes job. The worktree is made first and removed
 * again if the transaction fails, so a failure leaves neither rows nor files.
 */
import { recordAudit } from "../audit/record-audit";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Prisma as Db, PrismaClient } from "../db/generated/client";
import { retryOnUniqueViolation } from "../db/unique-violation";
import { worktreesDir } from "../config/data-dir";
import { AppError } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { mirrorPath } from "../repos/mirror-paths";
import { createWorktree, removeWorktree } from "../repos/worktrees";
import { queueReview } from "../reviews/queue-review";

export interface NewPullRequest {
  workspaceId: string;
  /** its mirror must hold headSha already (opening resolved it there, a forge's head was fetched there) */
  repository: { id: string; name: string };
  /** GitHub's number; omitted = the next free number in the repository */
  number?: number;
  title: string;
  baseRef: string;
  headRef: string;
  /** the merge base (see pull-git.ts mergeBase) */
  baseSha: string;
  headSha: string;
  source: "ui" | "api" | "github";
  authorId: string | null;
  agentId: string | null;
  /**
   * Writes what belongs to the new pull request in its own transaction (a ticket naming it, O7),
   * so its review run, queued in the same commit, never starts without it.
   */
  alongside?: (tx: Db.TransactionClient, pull: { id: string; number: number }) => Promise<void>;
}

/** Thrown when GitHub's number already has a pull request here: the caller updates that one instead. */
export class PullRequestExists extends Error {
  constructor(readonly number: number) {
    super(`pull request #${number} already exists`);
  }
}

export async function createPullRequest(prisma: PrismaClient, input: NewPullRequest) {
  const worktreePath = join(worktreesDir(), `pr-${randomUUID()}`);
  const mirror = mirrorPath(input.repository.id);
  try {
    await createWorktree({ mirror, worktreePath, ref: input.headSha });
  } catch (error) {
    await removeWorktree({ mirror, worktreePath }).catch(() => undefined);
    throw new AppError("unprocessable", `Could not check out ${input.headSha.slice(0, 12)} of ${input.repository.name}: ${(error as Error).message}`);
  }
  try {
    return await insertWithNumber(prisma, input, worktreePath);
  } catch (error) {
    await removeWorktree({ mirror, worktreePath }).catch(() => undefined);
    throw error;
  }
}

/** Numbers are per repository; two opens racing for the same number make one retry. */
async function insertWithNumber(prisma: PrismaClient, input: NewPullRequest, worktreePath: string) {
  return retryOnUniqueViolation(() => insert(prisma, input, worktreePath), {
    attempts: 5,
    // A number given by the forge is taken by the same pull request: it exists, and is moved instead.
    onViolation: () => {
      if (input.number !== undefined) throw new PullRequestExists(input.number);
    },
    exhausted: () => new AppError("conflict", "Several pull requests were opened at once; try again."),
  });
}

function insert(prisma: PrismaClient, input: NewPullRequest, worktreePath: string) {
  return prisma.$transaction(async (tx) => {
    if (input.number === undefined) await refuseDuplicate(tx, input);
    const number =
      input.number ??
      ((await tx.pullRequest.aggregate({ where: { repositoryId: input.repository.id }, _max: { number: true } }))._max.number ?? 0) + 1;
    const pull = await tx.pullRequest.create({
      data: {
        workspaceId: input.workspaceId,
        repositoryId: input.repository.id,
        number,
        title: input.title,
        baseRef: input.baseRef,
        headRef: input.headRef,
        baseSha: input.baseSha,
        headSha: input.headSha,
        source: input.source,
        authorId: input.authorId,
      },
    });
    const room = await tx.room.create({
      data: {
        workspaceId: input.workspaceId,
        name: pullRoomName(number, input.title),
        // R1 and S1: the system, never a person, puts a room in review mode.
        mode: "review",
        autonomy: "auto_edit",
        repositoryId: input.repository.id,
        agentId: input.agentId,
        worktreePath,
        branch: null,
        pullRequestId: pull.id,
        createdById: input.authorId,
        conversations: { create: { title: "Main" } },
      },
      include: { conversations: { select: { id: true } } },
    });
    const conversationId = room.conversations[0]!.id;
    await recordEvent(tx, { workspaceId: input.workspaceId, roomId: room.id, type: "room.created", data: { name: room.name, mode: room.mode } });
    await recordEvent(tx, {
      workspaceId: input.workspaceId,
      roomId: room.id,
      type: "pull.opened",
      data: { pullRequestId: pull.id, number, headSha: pull.headSha, baseSha: pull.baseSha, source: pull.source },
    });
    if (input.authorId) {
      await recordAudit(tx, { workspaceId: input.workspaceId, actorId: input.authorId, action: "pull_request.opened", targetType: "pull_request", targetId: pull.id, data: { number, repositoryId: input.repository.id } });
    }
    if (input.alongside) await input.alongside(tx, { id: pull.id, number });
    const queued = await queueReview(tx, {
      workspaceId: input.workspaceId,
      roomId: room.id,
      conversationId,
      agentId: input.agentId,
      repositoryId: input.repository.id,
      userId: input.authorId,
      reason: "opened",
      pull,
    });
    return { pull, room: { id: room.id, name: room.name, mode: room.mode, worktreePath }, runId: queued.runId };
  });
}

/**
 * Issue 14 §5: one open pull request per head and base in a repository. The
 * transaction holds a lock on (repository, head, base), so two people opening
 * the same branches at once get one pull request and one refusal that links to it.
 */
async function refuseDuplicate(tx: Db.TransactionClient, input: NewPullRequest): Promise<void> {
  const key = `pull:${input.repository.id}:${input.headRef}:${input.baseRef}`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
  const open = await tx.pullRequest.findFirst({
    where: { repositoryId: input.repository.id, headRef: input.headRef, baseRef: input.baseRef, state: "open" },
    select: { id: true, number: true },
  });
  if (open) {
    throw new AppError("conflict", `Pull request #${open.number} already proposes ${input.headRef} into ${input.baseRef}; review it there instead of opening a second one.`, {
      pullRequestId: open.id,
      number: open.number,
    });
  }
}

/** A pull request's review room is named after it: "#12 Its title", kept short. */
export function pullRoomName(number: number, title: string): string {
  return clip(`#${number} ${title}`, 120);
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
