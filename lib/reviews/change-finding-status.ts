import "server-only";
/**
 * R10: a person resolves, dismisses (with a reason) or reopens a
 * finding. The move is conditional on the status it was decided from, so two
 * people acting at once cannot both apply. A published verdict at the head is
 * re-formed afterwards: resolving the only P0 is new evidence (store-review.ts
 * keeps the earlier verdict in the history).
 */
import { recordFindingEvents } from "./record-finding-events";
import type { PrismaClient } from "../db/generated/client";
import { assertPullOpen } from "./assert-pull-open";
import { AppError } from "../errors/app-error";
import { requestPublish } from "../github/request-publish";
import { recordEvent } from "../events/record-event";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { decideTransition } from "./decide-transition";
import { normalizeTitle } from "./fingerprint";
import type { FindingView } from "./finding-view";
import { findScopedFinding, findingView } from "./get-finding";
import { reachesConsensus } from "./settle-consensus";
import { storeReview } from "./store-review";
import type { FindingStatusBody } from "./request-schemas";

export async function changeFindingStatus(
  prisma: PrismaClient,
  actor: WorkspaceActor,
  ref: { pullRequestId: string; findingId: string },
  body: FindingStatusBody,
): Promise<{ finding: FindingView; verdict: { reviewId: string; verdict: string } | null }> {
  assertCan(actor, "write");
  await assertPullOpen(prisma, actor.workspaceId, ref.pullRequestId);
  const finding = await findScopedFinding(prisma, { workspaceId: actor.workspaceId, ...ref });
  // R3: a reopened finding is consensusReady again only with as many confirmations as its priority needs.
  const confirmedByOthers = await reachesConsensus(prisma, finding);
  const decision = decideTransition(finding.status, body.action, { reason: body.reason, confirmedByOthers });
  if (!decision.ok) throw new AppError("unprocessable", decision.reason);
  if (body.action !== "dismiss" && (body.scope || body.path !== undefined || body.expiresAt)) {
    throw new AppError("unprocessable", "A scope, path or expiry belongs to a dismissal only.");
  }
  // R10: a dismissal's scope — this finding, or this rule (kind and title) under a path — and its optional expiry.
  const ruleScope = body.action === "dismiss" && body.scope === "rule_in_path";
  const pathPrefix = ruleScope ? (body.path ?? finding.file ?? "") : null;
  const expiresAt = body.action === "dismiss" && body.expiresAt ? new Date(body.expiresAt) : null;

  await prisma.$transaction(async (tx) => {
    const moved = await tx.finding.updateMany({
      where: { id: finding.id, status: finding.status },
      data: { status: decision.nextStatus, statusReason: decision.reason ?? null, dismissedUntil: expiresAt },
    });
    if (moved.count === 0) throw new AppError("conflict", "Someone changed this finding meanwhile; reload it and try again.");
    if (ruleScope) {
      const pull = await tx.pullRequest.findUniqueOrThrow({ where: { id: ref.pullRequestId }, select: { repositoryId: true } });
      await tx.dismissal.create({
        data: { repositoryId: pull.repositoryId, kind: finding.kind, titleKey: normalizeTitle(finding.title), title: finding.title, pathPrefix: pathPrefix!, userId: actor.userId, reason: decision.reason!, expiresAt, findingId: finding.id },
      });
    }
    const scope = body.action === "dismiss" ? { scope: ruleScope ? "rule_in_path" : "finding", ...(ruleScope ? { path: pathPrefix } : {}), ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}) } : {};
    await recordFindingEvents(tx, { findingId: finding.id, type: decision.event, actor: `user:${actor.userId}`, data: decision.reason || body.action === "dismiss" ? { ...(decision.reason ? { reason: decision.reason } : {}), ...scope } : {} });
    await recordEvent(tx, {
      workspaceId: actor.workspaceId,
      roomId: finding.roomId,
      type: "finding.updated",
      data: { pullRequestId: ref.pullRequestId, findingId: finding.id, change: decision.event, status: decision.nextStatus, by: actor.userId },
    });
    // R12: its review comment on GitHub (where there is one) says it is resolved or dismissed.
    await requestPublish(tx, ref.pullRequestId);
  });
  const reformed = await storeReview(prisma, { pullRequestId: ref.pullRequestId, trigger: "finding", onlyIfChanged: true });
  return {
    finding: await findingView(prisma, finding.id),
    verdict: reformed ? { reviewId: reformed.review.id, verdict: reformed.review.verdict } : null,
  };
}
