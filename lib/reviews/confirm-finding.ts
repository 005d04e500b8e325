import "server-only";
/**
 * R3: a person confirms a finding. Someone other than its author moves it
 * from open to consensusReady; the author's own confirmation is refused with a
 * reason. Safe under concurrency without locks:
 *
 * - the FindingConfirmation primary key (findingId, userId) makes a repeated
 *   confirmation a no-op (idempotent), and
 * - the status moves with a conditional update (`where status = 'open'`), so
 *   of any number of parallel confirmations exactly one records the consensus
 *   and the others record a plain confirmation.
 */
import type { PrismaClient } from "../db/generated/client";
import { assertPullOpen } from "./assert-pull-open";
import { AppError } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { decideConfirmation } from "./decide-confirmation";
import type { FindingView } from "./finding-view";
import { findScopedFinding, findingView } from "./get-finding";

export interface ConfirmOutcome {
  finding: FindingView;
  /** false when this person had confirmed it before (nothing changed) */
  confirmed: boolean;
  /** true when this confirmation moved it to consensusReady */
  consensus: boolean;
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
    const inserted = await tx.findingConfirmation.createMany({ data: [{ findingId: finding.id, userId: actor.userId }], skipDuplicates: true });
    if (inserted.count === 0) return { confirmed: false, consensus: false };
    // Read again inside the transaction: a resolve or dismiss may have landed since the check above.
    const now = await tx.finding.findUniqueOrThrow({ where: { id: finding.id }, select: { status: true, roomId: true } });
    const late = refusal(now.status);
    if (late) throw late;
    const moved = await tx.finding.updateMany({ where: { id: finding.id, status: "open" }, data: { status: "consensusReady" } });
    const consensus = moved.count === 1;
    const actorTag = `user:${actor.userId}`;
    await tx.findingEvent.create({ data: { findingId: finding.id, type: consensus ? "consensus" : "confirmed", actor: actorTag } });
    await recordEvent(tx, {
      workspaceId: actor.workspaceId,
      roomId: now.roomId,
      type: "finding.updated",
      data: { pullRequestId: ref.pullRequestId, findingId: finding.id, change: consensus ? "consensus" : "confirmed", status: consensus ? "consensusReady" : now.status, by: actor.userId },
    });
    return { confirmed: true, consensus };
  });
  return { finding: await findingView(prisma, finding.id), ...outcome };
}
