import "server-only";
/**
 * R12: a publish is never left "pending" for ever. When something unexpected
 * escapes the publisher (not a GitHub answer it classified, but a bug, a
 * database error, a bad configuration) and the queue is about to give up on
 * the job, the publication is marked failed with a generic reason and the room
 * is told, so a person sees it and can retry. The error itself is logged on
 * the server only, with anything shaped like a credential removed (H4).
 */
import type { PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { scrubForLog } from "../github/scrub-for-log";

export const GAVE_UP_REASON = "Publishing to GitHub stopped on an unexpected error (the server's log has the details). Retry, or ask the operator to check the log.";

/** Marks the publication failed (unless it already settled) and tells the room; logs a scrubbed line. */
export async function recordPublishGaveUp(prisma: PrismaClient, pullRequestId: string, error: unknown, attempts: number): Promise<void> {
  const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  console.error(`[gatehouse] publishing pull request ${pullRequestId} to GitHub gave up after ${attempts} tries: ${scrubForLog(detail).slice(0, 4_000)}`);
  const pull = await prisma.pullRequest.findUnique({ where: { id: pullRequestId }, select: { workspaceId: true, headSha: true, room: { select: { id: true } } } });
  if (!pull) return;
  const changed = await prisma.forgePublication.updateMany({
    where: { pullRequestId, status: "pending" },
    data: { status: "failed", error: GAVE_UP_REASON, retryAt: null, lockedUntil: null },
  });
  if (changed.count > 0 && pull.room) {
    await recordEvent(prisma, { workspaceId: pull.workspaceId, roomId: pull.room.id, type: "publish.failed", data: { pullRequestId, headSha: pull.headSha, reason: GAVE_UP_REASON, attempts } });
  }
}
