import "server-only";
/**
 * Queues the work for one head of a pull request, inside the caller's
 * transaction (so a pull request never exists without it, and a failed open
 * leaves no job behind): the review request message, the review run with its
 * "run.advance" job (the harness runs it like any run), and the platform's
 * "review.axes" job (R5: the agent never runs the gates).
 */
import { z } from "zod";
import type { Prisma as Db } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { requestPublish } from "../github/request-publish";
import { defineJob } from "../queue/define-job";
import { enqueueJob } from "../queue/enqueue-job";
import { conversationHistory } from "../runs/conversation-history";
import { queueRun } from "../runs/queue-run";
import { findingDiscussions } from "./finding-discussions";
import { pickReviewAgent } from "./pick-review-agent";

export interface ReviewRequest {
  workspaceId: string;
  roomId: string;
  conversationId: string;
  agentId: string | null;
  repositoryId: string;
  /** the person who opened or refreshed the pull request; null for GitHub deliveries */
  userId: string | null;
  /** retargeted: the base branch changed (GitHub `edited`), the head did not */
  reason: "opened" | "pushed" | "retargeted";
  pull: { id: string; number: number; title: string; baseRef: string; headRef: string; baseSha: string; headSha: string };
}

/** What travels in the review request's Message.meta; addNode reads the head a run reviews from it. */
export interface ReviewRequestMeta {
  kind: "review_request";
  pullRequestId: string;
  baseSha: string;
  headSha: string;
}

export async function queueReview(tx: Db.TransactionClient, req: ReviewRequest): Promise<{ runId: string | null; messageId: string }> {
  const { pull } = req;
  const opening =
    req.reason === "opened"
      ? `Review pull request #${pull.number} "${pull.title}": ${pull.headRef} into ${pull.baseRef}.`
      : req.reason === "retargeted"
        ? `Pull request #${pull.number} now targets ${pull.baseRef}; review ${pull.headRef} against the new base.`
        : `New commits were pushed to pull request #${pull.number}; review the new head of ${pull.headRef}.`;
  // The commits are spelled out so any reviewer (a model, or the built-in one) diffs exactly these.
  // R10: what people replied on earlier findings travels with the request, for the reviewer to answer.
  const discussions = await findingDiscussions(tx, pull.id);
  const content = `${opening}\n\nbase=${pull.baseSha} head=${pull.headSha}${discussions ? `\n\n${discussions}` : ""}`;
  const meta: ReviewRequestMeta = { kind: "review_request", pullRequestId: pull.id, baseSha: pull.baseSha, headSha: pull.headSha };
  const message = await tx.message.create({
    data: { conversationId: req.conversationId, role: "user", authorId: req.userId, content, meta: { ...meta } },
  });
  await recordEvent(tx, { workspaceId: req.workspaceId, roomId: req.roomId, type: "message.created", data: { messageId: message.id, conversationId: req.conversationId } });
  // An archived reviewer starts no runs: a push is reviewed by the agent a new pull request would get.
  const agentId = req.agentId && (await tx.agent.findUnique({ where: { id: req.agentId }, select: { archivedAt: true } }))?.archivedAt ? (await pickReviewAgent(tx, req.workspaceId)).id : req.agentId;
  const run = agentId ? await queueReviewRun(tx, req, agentId, message.id) : null;
  await queueAxes(tx, { repositoryId: req.repositoryId, headSha: pull.headSha });
  // R12: the new head's check run on GitHub reads "in progress" until its verdict is formed. Queued after
  // the review's own work, so on a busy worker a call to GitHub never takes the slot the review needs first.
  await requestPublish(tx, pull.id);
  return { runId: run?.id ?? null, messageId: message.id };
}

async function queueReviewRun(tx: Db.TransactionClient, req: ReviewRequest, agentId: string, messageId: string): Promise<{ id: string }> {
  const run = await queueRun(tx, {
    workspaceId: req.workspaceId,
    roomId: req.roomId,
    conversationId: req.conversationId,
    agentId,
    kind: "review",
    triggerMessageId: messageId,
    messages: await conversationHistory(tx, req.conversationId),
  });
  await recordEvent(tx, { workspaceId: req.workspaceId, roomId: req.roomId, runId: run.id, type: "run.queued", data: { messageId } });
  return run;
}

/** R5: run the declared axes at this head. Keyed, so a head queued twice is run once. */
export async function queueAxes(tx: Pick<Db.TransactionClient, "$executeRaw">, input: z.infer<typeof axesJob>): Promise<void> {
  await enqueueJob(tx, axesJobKind.job(input, { key: `axes:${input.repositoryId}:${input.headSha}` }));
}

/** The payload of a "review.axes" job: the head whose declared axes to run. */
export const axesJob = z.object({ repositoryId: z.string().trim().min(1).max(64), headSha: z.string().regex(/^[0-9a-f]{40}$/, "a 40-digit commit id") });
export const axesJobKind = defineJob({ kind: "review.axes", payload: axesJob, retry: { maxAttempts: 2 } });
