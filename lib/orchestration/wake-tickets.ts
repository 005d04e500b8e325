import "server-only";
/**
 * O7: a ticket in review is settled by its pipeline's tick, which reads the
 * verdict for its pull request's head. These wake the tick when a verdict may
 * have changed — a review run ended, gates ran at a head, or a stored
 * "review.published" event was seen — so the pipeline moves on at once. They
 * only enqueue (keyed per orchestration, so bursts collapse); the tick decides.
 */
import type { PrismaClient } from "../db/generated/client";
import { enqueueJob } from "../queue/enqueue-job";
import { orchestrationTickJob } from "./tick-job";

type Db = Pick<PrismaClient, "ticket" | "run" | "pullRequest" | "$executeRaw">;

/** Wakes the pipelines of tickets in review on these pull requests. */
export async function wakeTicketsForPulls(prisma: Db, pullRequestIds: readonly string[]): Promise<number> {
  if (pullRequestIds.length === 0) return 0;
  const tickets = await prisma.ticket.findMany({
    where: { pullRequestId: { in: [...new Set(pullRequestIds)] }, status: "in_review", orchestrationId: { not: null } },
    select: { orchestrationId: true },
  });
  const ids = [...new Set(tickets.map((t) => t.orchestrationId!))];
  for (const id of ids) await enqueueJob(prisma, orchestrationTickJob(id));
  return ids.length;
}

/** After a run settles: if it ran in a ticket's pull-request room, wake that ticket. */
export async function wakeTicketsForRun(prisma: Db, runId: string): Promise<void> {
  const run = await prisma.run.findUnique({ where: { id: runId }, select: { room: { select: { pullRequestId: true } } } });
  if (run?.room?.pullRequestId) await wakeTicketsForPulls(prisma, [run.room.pullRequestId]);
}

/** After gates ran at a head: the tickets whose pull request is at that head. */
export async function wakeTicketsForHead(prisma: Db, at: { repositoryId: string; headSha: string }): Promise<void> {
  const tickets = await prisma.ticket.findMany({
    where: { status: "in_review", orchestrationId: { not: null }, pullRequestId: { not: null } },
    select: { pullRequestId: true },
  });
  if (tickets.length === 0) return;
  // Few tickets wait in review at once; the pull requests are read by id rather than joined (no relation on purpose).
  const pulls = await prisma.pullRequest.findMany({ where: { id: { in: tickets.map((t) => t.pullRequestId!) }, repositoryId: at.repositoryId, headSha: at.headSha }, select: { id: true } });
  await wakeTicketsForPulls(prisma, pulls.map((p) => p.id));
}
