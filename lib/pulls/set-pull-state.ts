import "server-only";
/**
 * R9: a pull request is closed, merged or reopened — by a person
 * in Gatehouse or by a GitHub delivery. The change is one conditional update
 * (only from the state it was read in), recorded on the room's stream as
 * "pull.state_changed", so the room turns read-only (closed, merged) or
 * writable again (reopened) for everyone watching it.
 *
 * It runs inside the caller's transaction and never opens one of its own: a
 * transaction inside a transaction is a savepoint, which the embedded default
 * (PGlite) does not have. Callers without one open it (setPullStateNow).
 */
import type { Prisma as Db, PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";

export type PullState = "open" | "closed" | "merged";

export interface StateChange {
  pullRequestId: string;
  from: readonly PullState[];
  to: PullState;
  /** "user:<id>", or "github" for a delivery */
  by: string;
  reason?: string | null;
  /** R9: the GitHub snapshot version this change applies; refused when a newer one was applied already */
  forgeVersion?: number;
}

export async function setPullState(tx: Db.TransactionClient, change: StateChange): Promise<boolean> {
  const moved = await tx.pullRequest.updateMany({
    where: { id: change.pullRequestId, state: { in: [...change.from] }, ...forgeVersionGuard(change.forgeVersion) },
    data: { state: change.to, stateChangedAt: new Date(), stateChangedBy: change.by, ...(change.forgeVersion !== undefined ? { forgeVersion: change.forgeVersion } : {}) },
  });
  if (moved.count === 0) return false;
  const pull = await tx.pullRequest.findUniqueOrThrow({ where: { id: change.pullRequestId }, select: { workspaceId: true, headSha: true, room: { select: { id: true } } } });
  if (pull.room) {
    await recordEvent(tx, {
      workspaceId: pull.workspaceId,
      roomId: pull.room.id,
      type: "pull.state_changed",
      data: { pullRequestId: change.pullRequestId, state: change.to, by: change.by, headSha: pull.headSha, ...(change.reason ? { reason: change.reason } : {}) },
    });
  }
  return true;
}

/** setPullState in a transaction of its own, for callers that hold none. */
export function setPullStateNow(prisma: PrismaClient, change: StateChange): Promise<boolean> {
  return prisma.$transaction((tx) => setPullState(tx, change));
}

/** R9: a change made for GitHub snapshot `version` applies only while no newer snapshot was applied. */
export function forgeVersionGuard(version: number | undefined): Db.PullRequestWhereInput {
  return version === undefined ? {} : { OR: [{ forgeVersion: null }, { forgeVersion: { lte: version } }] };
}
