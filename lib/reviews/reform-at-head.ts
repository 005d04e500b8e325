import "server-only";
/**
 * R5: axis results for a head arrived (sandbox or GitHub check_run). Every
 * open pull request of the repository at that head is told ("axes.recorded"
 * in its room, so the axis table refreshes), and a verdict already published
 * for that head is re-formed (a new Review, see store-review.ts) when the new
 * evidence changes it. Before a review is published there is nothing to
 * re-form: finalize forms the verdict with whatever results exist then.
 */
import type { PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { storeReview, type ReviewTrigger } from "./store-review";

export async function reformAtHead(prisma: PrismaClient, input: { repositoryId: string; headSha: string; trigger: Extract<ReviewTrigger, "axes" | "check_run">; axes: string[] }): Promise<number> {
  const pulls = await prisma.pullRequest.findMany({
    where: { repositoryId: input.repositoryId, headSha: input.headSha, state: "open" },
    select: { id: true, workspaceId: true, room: { select: { id: true } } },
  });
  let reformed = 0;
  for (const pull of pulls) {
    if (pull.room) {
      await recordEvent(prisma, { workspaceId: pull.workspaceId, roomId: pull.room.id, type: "axes.recorded", data: { pullRequestId: pull.id, headSha: input.headSha, axes: input.axes, source: input.trigger } });
    }
    if (await storeReview(prisma, { pullRequestId: pull.id, trigger: input.trigger, onlyIfChanged: true })) reformed += 1;
  }
  return reformed;
}
