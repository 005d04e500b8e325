import "server-only";
/**
 * R11: a person accepts that the current head's review did not read all of
 * the diff (binary files, past the size limit). The acceptance is recorded on
 * the pull request for that head, with the person and their reason, and the
 * verdict is re-formed: the coverage rule then names who accepted the gap
 * instead of holding. A push moves the head, so the acceptance no longer
 * applies to the new review.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { assertPullOpen } from "./assert-pull-open";
import type { AcceptGapBody } from "./request-schemas";
import { storeReview, type ReviewExplanation } from "./store-review";

export async function acceptCoverageGap(prisma: PrismaClient, actor: WorkspaceActor, pullRequestId: string, body: AcceptGapBody): Promise<{ verdict: string | null }> {
  assertCan(actor, "write");
  await assertPullOpen(prisma, actor.workspaceId, pullRequestId);
  const pull = await prisma.pullRequest.findFirst({ where: { id: pullRequestId, workspaceId: actor.workspaceId }, select: { id: true, headSha: true } });
  if (!pull) throw notFound("That pull request");
  const latest = await prisma.review.findFirst({ where: { pullRequestId: pull.id, headSha: pull.headSha }, orderBy: { createdAt: "desc" }, select: { explanation: true } });
  const coverage = (latest?.explanation as Partial<ReviewExplanation> | null)?.coverage;
  if (!coverage || coverage.complete) throw new AppError("unprocessable", "The review of the current head read the whole diff; there is no gap to accept.");
  const moved = await prisma.pullRequest.updateMany({
    where: { id: pull.id, headSha: pull.headSha },
    data: { gapAcceptedSha: pull.headSha, gapAcceptedBy: actor.userId, gapAcceptedReason: body.reason, gapAcceptedAt: new Date() },
  });
  if (moved.count === 0) throw new AppError("conflict", "The pull request moved to a new head meanwhile; look at its review first.");
  const stored = await storeReview(prisma, { pullRequestId: pull.id, trigger: "coverage", onlyIfChanged: true });
  return { verdict: stored?.review.verdict ?? null };
}
