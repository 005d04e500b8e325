import "server-only";
/**
 * R2, R4: people add findings too, through the same read boundary (R4:
 * a malformed one is recorded as a drop and answered 422 with the reason) and
 * the same fingerprints as an agent's. A person's finding is signed
 * "user:<id>", which is what R3 compares confirmers against.
 */
import type { PrismaClient } from "../db/generated/client";
import { assertPullOpen } from "./assert-pull-open";
import { AppError, notFound } from "../errors/app-error";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { addFinding } from "./add-finding";
import { anchorFormError, reversedLines } from "./check-anchor";
import type { FindingView } from "./finding-view";
import { findingView } from "./get-finding";
import { storeReview } from "./store-review";

export async function addPersonFinding(
  prisma: PrismaClient,
  actor: WorkspaceActor,
  pullRequestId: string,
  raw: unknown,
): Promise<{ finding: FindingView; status: "created" | "kept" | "reopened" | "suppressed" }> {
  assertCan(actor, "write");
  await assertPullOpen(prisma, actor.workspaceId, pullRequestId);
  const pull = await prisma.pullRequest.findFirst({ where: { id: pullRequestId, workspaceId: actor.workspaceId }, select: { id: true, room: { select: { id: true } } } });
  if (!pull?.room) throw notFound("That pull request");
  // Issue 14 §6: a person's reversed lines are a form error, not a drop.
  if (reversedLines(raw)) throw anchorFormError("the last line must not come before the first", "endLine");
  const result = await addFinding(
    prisma,
    { workspaceId: actor.workspaceId, pullRequestId: pull.id, roomId: pull.room.id, runId: null, author: `user:${actor.userId}`, authorUserId: actor.userId },
    raw,
  );
  if (!result.ok) {
    throw new AppError("unprocessable", `The finding was dropped at the read boundary: ${result.dropped}`, {
      droppedFindingId: result.droppedFindingId,
      reason: result.dropped,
    });
  }
  // A published verdict counts the new finding from now on (or not at all, if it was suppressed).
  if (result.status !== "suppressed") await storeReview(prisma, { pullRequestId: pull.id, trigger: "finding", onlyIfChanged: true });
  return { finding: await findingView(prisma, result.findingId), status: result.status };
}
