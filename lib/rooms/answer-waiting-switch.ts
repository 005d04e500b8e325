import "server-only";
/**
 * X4, G6: an agent's change_mode that widens parks its run on a durable
 * approval (the call waits like ask_user). Whatever settles that approval — a
 * person's decision, another mode change, a policy edit that made it stale —
 * writes the call's answer here and queues the run to continue, so an agent is
 * never left waiting on a request that is no longer open.
 */
import type { Prisma as Db } from "../db/generated/client";
import { advanceRunJob, enqueueJob } from "../queue/enqueue-job";

/** What the agent's change_mode call returns (the shape of lib/tools/services.ts ModeChangeResult). */
export interface SwitchAnswer {
  status: "switched" | "cancelled" | "refused";
  approvalId: string;
  message: string;
}

export async function answerWaitingSwitch(tx: Db.TransactionClient, approvalId: string, answer: Omit<SwitchAnswer, "approvalId">): Promise<void> {
  const approval = await tx.approval.findUnique({ where: { id: approvalId }, select: { kind: true, toolCall: { select: { id: true, runId: true, tool: true } } } });
  const call = approval?.kind === "mode_change" ? approval.toolCall : null;
  if (!call) return;
  // Conditional: a call that already has its answer keeps it (one decision, one answer).
  const { count } = await tx.toolCall.updateMany({
    where: { id: call.id, status: { in: ["executing", "waiting"] } },
    data: { status: answer.status === "switched" ? "executed" : "error", result: { ...answer, approvalId }, finishedAt: new Date() },
  });
  if (count === 1) await enqueueJob(tx, advanceRunJob(call.runId));
}
