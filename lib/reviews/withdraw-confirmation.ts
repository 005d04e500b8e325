import "server-only";
/**
 * R10: a person withdraws their confirmation of a finding. Consensus is
 * recomputed in the same transaction: with fewer non-author confirmations left
 * than its priority needs, a consensusReady finding is open again, and a
 * published verdict is re-formed from the new state.
 */
import { recordFindingEvents } from "./record-finding-events";
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { assertPullOpen } from "./assert-pull-open";
import type { FindingView } from "./finding-view";
import { findScopedFinding, findingView } from "./get-finding";
import { lockFinding, settleConsensus } from "./settle-consensus";
import { storeReview } from "./store-review";

export async function withdrawConfirmation(prisma: PrismaClient, actor: WorkspaceActor, ref: { pullRequestId: string; findingId: string }): Promise<{ finding: FindingView; consensusLost: boolean }> {
  assertCan(actor, "write");
  await assertPullOpen(prisma, actor.workspaceId, ref.pullRequestId);
  const finding = await findScopedFinding(prisma, { workspaceId: actor.workspaceId, ...ref });
  const consensusLost = await prisma.$transaction(async (tx) => {
    await lockFinding(tx, finding.id);
    const removed = await tx.findingConfirmation.deleteMany({ where: { findingId: finding.id, userId: actor.userId } });
    if (removed.count === 0) throw new AppError("unprocessable", "You have not confirmed this finding, so there is nothing to withdraw.");
    const settled = await settleConsensus(tx, finding.id);
    const lost = settled.moved === "lost";
    await recordFindingEvents(tx, { findingId: finding.id, type: "confirmation_withdrawn", actor: `user:${actor.userId}`, data: { consensusLost: lost } });
    await recordEvent(tx, {
      workspaceId: actor.workspaceId,
      roomId: finding.roomId,
      type: "finding.updated",
      data: { pullRequestId: ref.pullRequestId, findingId: finding.id, change: "confirmation_withdrawn", status: settled.status, by: actor.userId },
    });
    return lost;
  });
  await storeReview(prisma, { pullRequestId: ref.pullRequestId, trigger: "finding", onlyIfChanged: true });
  return { finding: await findingView(prisma, finding.id), consensusLost };
}
