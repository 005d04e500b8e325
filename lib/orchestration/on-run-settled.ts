import "server-only";
/**
 * Called by the worker after every "run.advance" job. Two things depend on how
 * a run ended:
 *  - P3: a ticket's run finished → the ticket gets the run's final text as its
 *    result (or the run's error) and the orchestration ticks again; a code
 *    ticket (O7) goes to review and its delivery (commit, pull request) is queued;
 *  - A4: a plan approved while its run was still going → the harness recorded
 *    "plan_drafted" at the end; the approval wins.
 * Idempotent: each update is conditional, so a repeated job changes nothing.
 */
import { TERMINAL_RUN_STATUSES } from "../run-status/run-status";
import type { Database } from "../db/client";
import { readCheckpoint } from "../harness/lifecycle/checkpoint";
import { recordEvent } from "../events/record-event";
import { enqueueJob } from "../queue/enqueue-job";
import { orchestrationTickJob } from "./tick-job";
import { ticketDeliverJob } from "./deliver-job";
import { lockOrchestration } from "./lock-orchestration";

const FINISHED: readonly string[] = TERMINAL_RUN_STATUSES;

export async function onRunSettled(db: Pick<Database, "prisma">, runId: string): Promise<void> {
  const { prisma } = db;
  const run = await prisma.run.findUnique({
    where: { id: runId },
    select: { id: true, status: true, outcome: true, error: true, state: true, workspaceId: true, roomId: true, ticketId: true },
  });
  if (!run || !FINISHED.includes(run.status)) return;

  if (run.outcome === "plan_drafted" && (await prisma.plan.count({ where: { runId, status: "approved" } })) > 0) {
    await prisma.run.updateMany({ where: { id: runId, outcome: "plan_drafted" }, data: { outcome: "plan_approved" } });
  }
  if (!run.ticketId) return;

  const succeeded = run.status === "succeeded";
  const read = readCheckpoint(run.state);
  const finalText = (read?.ok ? read.checkpoint.lastText : "").trim();
  await prisma.$transaction(async (tx) => {
    const ticket = await tx.ticket.findUnique({ where: { id: run.ticketId! }, select: { id: true, key: true, orchestrationId: true, branch: true } });
    if (!ticket) return;
    if (ticket.orchestrationId) await lockOrchestration(tx, ticket.orchestrationId);
    const result = finalText || "Done (the run ended without a summary).";
    // O7: a code ticket's finished work is delivered as a pull request first; it is done on its verdict.
    const delivering = succeeded && ticket.branch !== null;
    const { count } = await tx.ticket.updateMany({
      where: { id: ticket.id, status: "running" },
      data: delivering
        ? { status: "in_review", result, error: null }
        : succeeded
          ? { status: "succeeded", result, error: null }
          : { status: "failed", error: run.error ?? `The ticket's run was ${run.status}.` },
    });
    if (count === 0 || !ticket.orchestrationId) return;
    if (delivering) {
      await enqueueJob(tx, ticketDeliverJob(ticket.id));
      return;
    }
    await recordEvent(tx, {
      workspaceId: run.workspaceId,
      roomId: run.roomId,
      runId,
      type: "ticket.finished",
      data: { orchestrationId: ticket.orchestrationId, key: ticket.key, status: succeeded ? "succeeded" : "failed" },
    });
    await enqueueJob(tx, orchestrationTickJob(ticket.orchestrationId));
  });
}
