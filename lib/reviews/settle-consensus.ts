import "server-only";
/**
 * R3: move one live finding between open and consensusReady from the
 * confirmations it has now and the workspace's requirement for its priority.
 * Runs inside the caller's transaction, under the finding's row lock
 * (lockFinding, taken before the caller inserts or deletes a confirmation), so
 * confirmations and withdrawals of one finding are counted one at a time: of
 * any number of parallel confirmations exactly one crosses the line.
 */
import type { Prisma as Db } from "../db/generated/client";
import { consensusStatus, readRequiredConfirmations } from "./required-confirmations";
import type { Priority } from "./schemas";

export interface SettledConsensus {
  /** the finding's status afterwards */
  status: "open" | "consensusReady" | "resolved" | "dismissed";
  /** non-author confirmations it has */
  confirmations: number;
  /** non-author confirmations its priority needs */
  required: number;
  /** "consensus" when it just reached consensus, "lost" when it just lost it */
  moved: "consensus" | "lost" | null;
}

/**
 * Locks a finding for a change of its confirmations. FOR NO KEY UPDATE, taken
 * before the confirmation row is written: inserting a confirmation takes a
 * key-share lock on its finding, and two confirmers each holding one while
 * asking for FOR UPDATE would deadlock.
 */
export async function lockFinding(tx: Db.TransactionClient, findingId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "Finding" WHERE "id" = ${findingId} FOR NO KEY UPDATE`;
}

export async function settleConsensus(tx: Db.TransactionClient, findingId: string): Promise<SettledConsensus> {
  await lockFinding(tx, findingId);
  const finding = await tx.finding.findUniqueOrThrow({
    where: { id: findingId },
    select: { status: true, priority: true, authorUserId: true, pullRequest: { select: { workspace: { select: { requiredConfirmations: true } } } } },
  });
  const required = readRequiredConfirmations(finding.pullRequest.workspace.requiredConfirmations);
  const confirmations = await tx.findingConfirmation.count({ where: { findingId, ...(finding.authorUserId ? { userId: { not: finding.authorUserId } } : {}) } });
  const need = required[finding.priority];
  if (finding.status !== "open" && finding.status !== "consensusReady") return { status: finding.status, confirmations, required: need, moved: null };
  const next = consensusStatus(finding.priority, confirmations, required);
  if (next === finding.status) return { status: next, confirmations, required: need, moved: null };
  await tx.finding.update({ where: { id: findingId }, data: { status: next } });
  return { status: next, confirmations, required: need, moved: next === "consensusReady" ? "consensus" : "lost" };
}

/** R3: whether a finding has as many non-author confirmations as its priority needs (read without a lock, for a reopen's decision). */
export async function reachesConsensus(
  db: Pick<Db.TransactionClient, "findingConfirmation" | "pullRequest">,
  finding: { id: string; pullRequestId: string; priority: Priority; authorUserId: string | null },
): Promise<boolean> {
  const pull = await db.pullRequest.findUniqueOrThrow({ where: { id: finding.pullRequestId }, select: { workspace: { select: { requiredConfirmations: true } } } });
  const confirmations = await db.findingConfirmation.count({ where: { findingId: finding.id, ...(finding.authorUserId ? { userId: { not: finding.authorUserId } } : {}) } });
  return consensusStatus(finding.priority, confirmations, readRequiredConfirmations(pull.workspace.requiredConfirmations)) === "consensusReady";
}
