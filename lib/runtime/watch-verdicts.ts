import "server-only";
/**
 * O7: verdicts also change outside the worker's own jobs — a person confirms
 * or dismisses a finding, accepts a coverage gap — and each such re-form is a
 * stored "review.published" event. This watcher subscribes to the stored-event
 * notices, reads only the verdict events after its cursor (one query per burst,
 * coalesced) and wakes the pipelines of tickets in review on those pull
 * requests. At start it wakes every pipeline with a ticket in review, so a
 * verdict formed while no worker listened is not missed.
 */
import type { Database } from "../db/client";
import { EVENTS_CHANNEL } from "../events/record-event";
import { wakeTicketsForPulls } from "../orchestration/wake-tickets";
import { z } from "zod";

const notice = z.object({ kind: z.literal("stored") });
const verdictData = z.object({ pullRequestId: z.string() });

export async function watchVerdicts(db: Pick<Database, "prisma" | "listen">): Promise<() => Promise<void>> {
  const { prisma } = db;
  let cursor = (await prisma.runEvent.findFirst({ orderBy: { id: "desc" }, select: { id: true } }))?.id ?? 0n;
  let running: Promise<void> | null = null;
  let again = false;

  /** The verdict events since the cursor; only their rows are read, however many other events came. */
  async function pass(): Promise<void> {
    const newest = await prisma.runEvent.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
    if (!newest || newest.id <= cursor) return;
    const events = await prisma.runEvent.findMany({ where: { id: { gt: cursor, lte: newest.id }, type: "review.published" }, select: { data: true } });
    cursor = newest.id;
    const pulls = events.flatMap((e) => {
      const data = verdictData.safeParse(e.data);
      return data.success ? [data.data.pullRequestId] : [];
    });
    await wakeTicketsForPulls(prisma, pulls);
  }
  function poke() {
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = pass()
      .catch((error) => console.error("[gatehouse] watching verdicts failed", error))
      .finally(() => {
        running = null;
        if (again) poke();
      });
  }

  const unlisten = await db.listen(EVENTS_CHANNEL, (payload) => {
    try {
      if (notice.safeParse(JSON.parse(payload)).success) poke();
    } catch {
      // not a notice of ours
    }
  });
  const waiting = await prisma.ticket.findMany({ where: { status: "in_review", pullRequestId: { not: null } }, select: { pullRequestId: true } });
  await wakeTicketsForPulls(prisma, waiting.map((t) => t.pullRequestId!));
  return async () => {
    await unlisten();
    await running;
  };
}
