import "server-only";
/**
 * R3: a person confirms a finding. Confirmations from people other than its
 * author move it from open to consensusReady once there are as many as the
 * workspace asks for its priority (one unless a workspace says otherwise);
 * the author's own confirmation is refused with a reason. Safe under
 * concurrency:
 *
 * - the FindingConfirmation primary key (findingId, userId) makes a repeated
 *   confirmation a no-op (idempotent), and
 * - settleConsensus counts under the finding's row lock, so of any number of
 *   parallel confirmations exactly one records the consensus.
 *
 * The verdict at the head is re-formed afterwards: its explanation names the
 * findings that still lack consensus (R5).
 */
import { recordFindingEvents } from "./record-finding-events";
import type { PrismaClient } from "../db/generated/client";
import { assertPullOpen } from "./assert-pull-open";
import { AppError } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { decideConfirmation } from "./decide-confirmation";
import type { FindingView } from "./finding-view";
import { findScopedFinding, findingView } from "./get-finding";
import { lockFinding, settleConsensus } from "./settle-consensus";
import { storeReview } from "./store-review";

export interface ConfirmOutcome {
  finding: FindingView;
  /** false when this person had confirmed it before (nothing changed) */
  confirmed: boolean;
  /** true when this confirmation moved it to consensusReady */
  consensus: boolean;
  /** R3: confirmations from people other than the author, and how many its priority needs */
  confirmations: number;
  required: number;
}

export async function confirmFinding(prisma: PrismaClient, actor: WorkspaceActor, ref: { pullRequestId: string; findingId: string }): Promise<ConfirmOutcome> {
  assertCan(actor, "write");
  await assertPullOpen(prisma, actor.workspaceId, ref.pullRequestId);
  const finding = await findScopedFinding(prisma, { workspaceId: actor.workspaceId, ...ref });
  const refusal = (status: typeof finding.status) => {
    const decision = decideConfirmation({ ...finding, status }, actor.userId);
    return decision.ok ? null : new AppError("unprocessable", decision.reason, { reason: decision.code });
  };
  const early = refusal(finding.status);
  if (early) throw early;

  const outcome = await prisma.$transaction(async (tx) => {
    await lockFinding(tx, finding.id);
    const inserted = await tx.findingConfirmation.createMany({ data: [{ findingId: finding.id, userId: actor.userId }], skipDuplicates: true });
    const settled = await settleConsensus(tx, finding.id);
    if (inserted.count === 0) return { confirmed: false, consensus: false, confirmations: settled.confirmations, required: settled.required };
    // Read under the lock: a resolve or dismiss may have landed since the check above.
    const late = refusal(settled.status);
    if (late) throw late;
    const consensus = settled.moved === "consensus";
    await recordFindingEvents(tx, { findingId: finding.id, type: consensus ? "consensus" : "confirmed", actor: `user:${actor.userId}`, data: { confirmations: settled.confirmations, required: settled.required } });
    await recordEvent(tx, {
      workspaceId: actor.workspaceId,
      roomId: finding.roomId,
      type: "finding.updated",
      data: { pullRequestId: ref.pullRequestId, findingId: finding.id, change: consensus ? "consensus" : "confirmed", status: settled.status, by: actor.userId },
    });
    return { confirmed: true, consensus, confirmations: settled.confirmations, required: settled.required };
  });
  if (outcome.confirmed) await storeReview(prisma, { pullRequestId: ref.pullRequestId, trigger: "finding", onlyIfChanged: true });
  return { finding: await findingView(prisma, finding.id), ...outcome };
}
