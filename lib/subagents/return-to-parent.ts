import "server-only";
/**
 * A6: when a sub-agent's run ends, its last words (or its failure) become the
 * result of the parent's delegate call, its model turns count toward the
 * parent's step budget (A8), and the parent is queued to continue. Idempotent:
 * only a call still waiting is answered, so a duplicate job changes nothing.
 */
import { isTerminalRunStatus } from "../run-status/run-status";
import type { Prisma, PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { readCheckpoint, storedCheckpoint, type RunCheckpoint } from "../harness/lifecycle/checkpoint";
import { advanceRunJob, enqueueJob } from "../queue/enqueue-job";


/**
 * Everything the sub-agent said, in order: in a contract mode its last words may
 * only answer the completion nudge (P4), while its findings came earlier.
 */
function assistantText(checkpoint: RunCheckpoint | null): string {
  if (!checkpoint) return "";
  return checkpoint.messages
    .filter((m) => m.role === "assistant")
    .flatMap((m) => (typeof m.content === "string" ? [m.content] : m.content.flatMap((part) => (part.type === "text" ? [part.text] : []))))
    .map((t) => t.trim())
    .filter(Boolean)
    .join("\n\n");
}

export async function returnToParent(prisma: PrismaClient, childRunId: string): Promise<boolean> {
  const child = await prisma.run.findUnique({ where: { id: childRunId } });
  if (!child?.parentRunId || !child.parentCallId || !isTerminalRunStatus(child.status)) return false;
  // A5: stored state is read through the checkpoint's schema, never cast.
  const read = readCheckpoint(child.state);
  const checkpoint = read?.ok ? read.checkpoint : null;
  const text = assistantText(checkpoint);
  const result = {
    subagentRunId: child.id,
    status: child.status,
    ...(child.outcome ? { outcome: child.outcome } : {}),
    ...(child.status === "succeeded" ? { result: text || "(the sub-agent finished without a final message)" } : { error: child.error ?? `the sub-agent's run ${child.status}` }),
  };
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.toolCall.updateMany({
      where: { runId: child.parentRunId!, callId: child.parentCallId!, status: "waiting" },
      data: { status: child.status === "succeeded" ? "executed" : "error", result: result as Prisma.InputJsonValue, finishedAt: new Date() },
    });
    if (count === 0) return false;
    const parent = await tx.run.findUniqueOrThrow({ where: { id: child.parentRunId! }, select: { state: true, roomId: true, workspaceId: true } });
    const parentRead = readCheckpoint(parent.state);
    if (parentRead?.ok) {
      // A8: the child's model turns are spent from the parent's budget.
      const parentState = parentRead.checkpoint;
      parentState.step += checkpoint?.step ?? 0;
      await tx.run.update({ where: { id: child.parentRunId! }, data: { state: storedCheckpoint(parentState) as unknown as Prisma.InputJsonValue } });
    }
    await enqueueJob(tx, advanceRunJob(child.parentRunId!));
    await recordEvent(tx, {
      workspaceId: parent.workspaceId,
      roomId: parent.roomId,
      runId: child.parentRunId,
      type: "subagent.finished",
      data: { callId: child.parentCallId, childRunId: child.id, status: child.status },
    });
    return true;
  });
}
