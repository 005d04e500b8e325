import "server-only";
/**
 * G2: a person answers an agent's ask_user question. The answer becomes the
 * call's result and the run is queued to continue. Answering twice is refused.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { advanceRunJob, enqueueJob } from "../queue/enqueue-job";

export async function answerQuestion(
  prisma: PrismaClient,
  input: { workspaceId: string; runId: string; callId: string; answer: string; userId: string },
) {
  const run = await prisma.run.findFirst({
    where: { id: input.runId, workspaceId: input.workspaceId },
    select: { id: true, room: { select: { id: true, workspaceId: true } } },
  });
  if (!run) throw notFound("That run");
  // S4: the event goes to the run's room only when that room is this workspace's.
  const roomId = run.room?.workspaceId === input.workspaceId ? run.room.id : null;
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.toolCall.updateMany({
      where: { runId: run.id, callId: input.callId, tool: "ask_user", status: "waiting" },
      data: { status: "executed", result: { answer: input.answer, answeredBy: input.userId }, finishedAt: new Date() },
    });
    if (count === 0) throw new AppError("conflict", "That question was already answered or is not waiting for an answer.");
    await enqueueJob(tx, advanceRunJob(run.id));
    await recordEvent(tx, { workspaceId: input.workspaceId, roomId, runId: run.id, type: "question.answered", data: { callId: input.callId } });
  });
}
