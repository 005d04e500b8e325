import "server-only";
/**
 * The review tools' operations (R2–R6) for a run in a room. Only a room opened
 * for a pull request has findings to record. The agent records findings and
 * publishes; the verdict is formed by the platform (store-review.ts).
 */
import type { PrismaClient } from "../db/generated/client";
import type { ToolServices } from "../tools/services";
import { z } from "zod";
import { ToolError } from "../errors/tool-error";
import type { ReviewRequestMeta } from "../reviews/queue-review";
import { addFinding } from "../reviews/add-finding";
import { resolveNotRaised } from "../reviews/resolve-not-raised";
import { storeReview } from "../reviews/store-review";

export interface ReviewScope {
  workspaceId: string;
  roomId: string;
  runId: string | null;
  conversationId: string | null;
  author: string;
}

export function reviewServices(prisma: PrismaClient, scope: ReviewScope): ToolServices["reviews"] {
  const pullOfRoom = async () => {
    const room = await prisma.room.findFirst({ where: { id: scope.roomId, workspaceId: scope.workspaceId }, select: { pullRequestId: true } });
    if (!room?.pullRequestId) throw new ToolError("This room is not reviewing a pull request, so there is nothing to record a finding on.");
    return room.pullRequestId;
  };
  return {
    async addNode(raw) {
      const pullRequestId = await pullOfRoom();
      const result = await addFinding(
        prisma,
        { workspaceId: scope.workspaceId, pullRequestId, roomId: scope.roomId, runId: scope.runId, author: scope.author, authorUserId: null, seenAtSha: await headOfRun(prisma, scope.runId) },
        raw,
      );
      return result.ok ? { findingId: result.findingId, status: result.status } : { dropped: result.dropped };
    },
    async finalize({ summary, coverage }) {
      const pullRequestId = await pullOfRoom();
      if (scope.runId) {
        const reviewedSha = await headOfRun(prisma, scope.runId);
        await resolveNotRaised(prisma, { workspaceId: scope.workspaceId, pullRequestId, roomId: scope.roomId, runId: scope.runId, author: scope.author, reviewedSha, coverageComplete: coverage?.complete !== false });
      }
      const stored = await storeReview(prisma, { pullRequestId, trigger: "finalize", runId: scope.runId, summary: summary ?? null, ...(coverage ? { coverage } : {}) });
      if (!stored) throw new ToolError("The review could not be published: the pull request has no review room, or its head kept moving while the verdict was formed. Try again.");
      return { verdict: stored.outcome.verdict, explanation: stored.outcome.rules.map((r) => r.text) };
    },
  };
}

/** The part of a stored `ReviewRequestMeta` a review run needs. */
const requestedHead = z.object({ kind: z.literal("review_request"), headSha: z.string() }) satisfies z.ZodType<Pick<ReviewRequestMeta, "kind" | "headSha">>;

/** The head a review run was asked to review (its request message says), so its anchors are read there. */
async function headOfRun(prisma: PrismaClient, runId: string | null): Promise<string | undefined> {
  if (!runId) return undefined;
  const run = await prisma.run.findUnique({ where: { id: runId }, select: { triggerMessageId: true } });
  if (!run?.triggerMessageId) return undefined;
  const message = await prisma.message.findUnique({ where: { id: run.triggerMessageId }, select: { meta: true } });
  const meta = requestedHead.safeParse(message?.meta);
  return meta.success ? meta.data.headSha : undefined;
}
