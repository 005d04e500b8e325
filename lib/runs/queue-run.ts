import "server-only";
/**
 * Creates a run and the job that will execute it, inside the caller's
 * transaction: the run starts from `messages` (its durable checkpoint) and a
 * worker picks it up after commit. People's messages, pull-request reviews
 * and plan tickets all start their runs here.
 */
import type { ModelMessage } from "ai";
import type { Prisma } from "../db/generated/client";
import { newCheckpoint } from "../harness/lifecycle/checkpoint";
import { advanceRunJob, enqueueJob } from "../queue/enqueue-job";

export interface QueueRunInput {
  workspaceId: string;
  roomId: string;
  conversationId: string | null;
  agentId: string;
  /** what the run is for: "agent" (a person's message), "review", "ticket" */
  kind?: string;
  triggerMessageId?: string;
  ticketId?: string;
  messages: ModelMessage[];
}

export async function queueRun(tx: Prisma.TransactionClient, input: QueueRunInput) {
  const run = await tx.run.create({
    data: {
      workspaceId: input.workspaceId,
      roomId: input.roomId,
      conversationId: input.conversationId,
      agentId: input.agentId,
      kind: input.kind ?? "agent",
      triggerMessageId: input.triggerMessageId ?? null,
      ticketId: input.ticketId ?? null,
      state: newCheckpoint(input.messages) as unknown as Prisma.InputJsonValue,
    },
  });
  await enqueueJob(tx, advanceRunJob(run.id));
  return run;
}
