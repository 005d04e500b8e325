import "server-only";
/**
 * R3: an admin or owner sets how many non-author confirmations each priority
 * needs before consensusReady. In the same transaction every live finding of
 * the workspace is settled again under the new numbers (P0 needing two moves a
 * once-confirmed P0 back to open, needing one moves it forward), each move
 * recorded on the finding and in its room. The live findings are locked first,
 * so a confirmation racing the change waits and then counts under the new
 * numbers. Afterwards the open pull requests' verdicts are re-formed, since
 * their explanations say how many confirmations each finding still needs (R5).
 */
import { recordFindingEvents } from "./record-finding-events";
import { recordAudit } from "../audit/record-audit";
import type { Prisma as Db, PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import {
  consensusStatus,
  readRequiredConfirmations,
  requiredConfirmationsBody,
  storedRequiredConfirmations,
  type RequiredConfirmations,
} from "./required-confirmations";
import { storeReview } from "./store-review";

export interface RequiredConfirmationsOutcome {
  requiredConfirmations: RequiredConfirmations;
  /** findings whose status moved: to consensusReady or back to open */
  moved: { findingId: string; pullRequestId: string; status: "open" | "consensusReady" }[];
}

export async function getRequiredConfirmations(prisma: Pick<PrismaClient, "workspace">, workspaceId: string): Promise<RequiredConfirmations> {
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { requiredConfirmations: true } });
  return readRequiredConfirmations(workspace.requiredConfirmations);
}

export async function setRequiredConfirmations(prisma: PrismaClient, actor: WorkspaceActor, input: unknown): Promise<RequiredConfirmationsOutcome> {
  assertCan(actor, "manage");
  const { requiredConfirmations } = requiredConfirmationsBody.parse(input);
  const moved = await prisma.$transaction(async (tx) => {
    const before = await tx.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId }, select: { requiredConfirmations: true } });
    await tx.workspace.update({ where: { id: actor.workspaceId }, data: { requiredConfirmations: storedRequiredConfirmations(requiredConfirmations) } });
    await recordAudit(tx, {
      workspaceId: actor.workspaceId,
      actorId: actor.userId,
      action: "review.required_confirmations.set",
      targetType: "workspace",
      targetId: actor.workspaceId,
      data: { from: readRequiredConfirmations(before.requiredConfirmations), to: requiredConfirmations },
    });
    return settleWorkspace(tx, actor, requiredConfirmations);
  });
  const pulls = await prisma.pullRequest.findMany({
    where: { workspaceId: actor.workspaceId, state: "open", findings: { some: { status: { in: ["open", "consensusReady"] } } } },
    select: { id: true },
  });
  for (const pull of pulls) await storeReview(prisma, { pullRequestId: pull.id, trigger: "settings", onlyIfChanged: true });
  return { requiredConfirmations, moved };
}

async function settleWorkspace(tx: Db.TransactionClient, actor: WorkspaceActor, required: RequiredConfirmations): Promise<RequiredConfirmationsOutcome["moved"]> {
  const live = await tx.$queryRaw<{ id: string }[]>`
    SELECT f."id" FROM "Finding" f JOIN "PullRequest" p ON p."id" = f."pullRequestId"
    WHERE p."workspaceId" = ${actor.workspaceId} AND f."status" IN ('open', 'consensusReady')
    ORDER BY f."id" FOR NO KEY UPDATE OF f`;
  if (live.length === 0) return [];
  const findings = await tx.finding.findMany({
    where: { id: { in: live.map((f) => f.id) } },
    select: { id: true, pullRequestId: true, roomId: true, priority: true, status: true, authorUserId: true, confirmations: { select: { userId: true } } },
  });
  const moved: RequiredConfirmationsOutcome["moved"] = [];
  for (const f of findings) {
    const confirmations = f.confirmations.filter((c) => c.userId !== f.authorUserId).length;
    const next = consensusStatus(f.priority, confirmations, required);
    if (next === f.status) continue;
    await tx.finding.update({ where: { id: f.id }, data: { status: next } });
    const change = next === "consensusReady" ? "consensus" : "consensus_lost";
    await recordFindingEvents(tx, { findingId: f.id, type: change, actor: `user:${actor.userId}`, data: { reason: "required confirmations changed", confirmations, required: required[f.priority] } });
    await recordEvent(tx, { workspaceId: actor.workspaceId, roomId: f.roomId, type: "finding.updated", data: { pullRequestId: f.pullRequestId, findingId: f.id, change, status: next, by: actor.userId } });
    moved.push({ findingId: f.id, pullRequestId: f.pullRequestId, status: next });
  }
  return moved;
}
