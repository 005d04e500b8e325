import "server-only";
/**
 * R10: a finding the reviewer no longer raises at a new head closes as
 * resolved by that push, naming it. Called when a review run publishes: the
 * reviewer's own open findings that the run did not raise again (no event of
 * this run on them) and that were raised at an earlier head are resolved.
 * Nothing is resolved when the run reviewed an older head than the current
 * one, or when its coverage was incomplete (not raising what it did not read
 * is no evidence of a fix). Findings by people, or by the platform, are left alone.
 */
import { recordFindingEvents } from "./record-finding-events";
import type { PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";

export async function resolveNotRaised(
  prisma: PrismaClient,
  input: { workspaceId: string; pullRequestId: string; roomId: string; runId: string; author: string; reviewedSha: string | undefined; coverageComplete: boolean },
): Promise<number> {
  if (!input.coverageComplete || !input.reviewedSha) return 0;
  const pull = await prisma.pullRequest.findUnique({ where: { id: input.pullRequestId }, select: { headSha: true } });
  if (!pull || pull.headSha !== input.reviewedSha) return 0;
  const candidates = await prisma.finding.findMany({
    where: { pullRequestId: input.pullRequestId, author: input.author, status: { in: ["open", "consensusReady"] } },
    select: { id: true, status: true, events: { where: { type: { in: ["created", "raised_again", "reopened"] } }, select: { data: true } } },
  });
  const stale = candidates.filter((f) => {
    const raises = f.events.map((e) => (e.data ?? {}) as { runId?: string; headSha?: string });
    return !raises.some((d) => d.runId === input.runId) && !raises.some((d) => d.headSha === input.reviewedSha);
  });
  let resolved = 0;
  for (const finding of stale) {
    const reason = `resolved by push ${input.reviewedSha.slice(0, 12)}`;
    await prisma.$transaction(async (tx) => {
      const moved = await tx.finding.updateMany({ where: { id: finding.id, status: finding.status }, data: { status: "resolved", statusReason: reason } });
      if (moved.count === 0) return;
      resolved += 1;
      await recordFindingEvents(tx, { findingId: finding.id, type: "resolved", actor: "platform", data: { reason, byPush: input.reviewedSha, runId: input.runId } });
      await recordEvent(tx, { workspaceId: input.workspaceId, roomId: input.roomId, runId: input.runId, type: "finding.updated", data: { pullRequestId: input.pullRequestId, findingId: finding.id, change: "resolved", status: "resolved", by: "push" } });
    });
  }
  return resolved;
}
