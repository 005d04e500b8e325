import "server-only";
/**
 * Creates a run and the job that will execute it, inside the caller's
 * transaction: the run starts from `messages` (its durable checkpoint) and a
 * worker picks it up after commit. People's messages, pull-request reviews
 * and plan tickets all start their runs here.
 */
import type { ModelMessage } from "ai";
import type { Prisma } from "../db/generated/client";
import { AppError } from "../errors/app-error";
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
  await assertCanStart(tx, input);
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

/** Archived rooms and agents start no runs: the one place every run starts says so, and nothing is written. */
async function assertCanStart(tx: Prisma.TransactionClient, input: QueueRunInput): Promise<void> {
  const [room, agent] = await Promise.all([
    tx.room.findUnique({ where: { id: input.roomId }, select: { archivedAt: true } }),
    tx.agent.findUnique({ where: { id: input.agentId }, select: { name: true, archivedAt: true } }),
  ]);
  if (room?.archivedAt) throw new AppError("conflict", "This room is archived, so no agent runs here. Restore the room to work in it again.");
  if (agent?.archivedAt) {
    throw new AppError("conflict", `The agent ${agent.name} is archived, so it starts no runs. Restore it in Settings → Agents, or pick another agent for the room.`);
  }
}
