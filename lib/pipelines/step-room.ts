import "server-only";
/**
 * S2, S3: the room a pipeline step runs in.
 *
 * A step that opens a room creates it with the mode stepRoomMode decides
 * (S2) and the parent room's repository and worktree — or, for a code
 * ticket (O7), a worktree of its own on its own branch; a retry reuses the room
 * the step opened before. A step that joins a room it did not create takes the
 * room as it is: nothing here writes its mode, autonomy or plan-shell setting
 * (S3), so joining can never widen a room's capabilities (G6).
 */
import type { Prisma } from "../db/generated/client";
import { thisHostId } from "../hosts/this-host";
import { recordEvent } from "../events/record-event";
import { PIPELINE_EVENTS } from "./pipeline-events";
import { stepRoomMode } from "./steps";

export interface StepRoomInput {
  workspaceId: string;
  /** the pipeline's own room: a joining step runs here, an opened room copies its repository */
  parentRoomId: string;
  orchestrationId: string;
  step: { id: string; key: string; title: string; kind: string; extras: unknown; opensRoom: boolean; stepRoomId: string | null };
  agentId: string | null;
  /** O7: the step's own worktree and branch; without it an opened room shares the parent's */
  worktree?: { path: string; branch: string } | null;
}

/** The room and its main conversation the step's run goes to. */
export async function stepRoom(tx: Prisma.TransactionClient, input: StepRoomInput): Promise<{ roomId: string; conversationId: string | null; opened: boolean }> {
  const { step } = input;
  if (!step.opensRoom) return { roomId: input.parentRoomId, conversationId: await mainConversation(tx, input.parentRoomId), opened: false };
  if (step.stepRoomId) {
    const existing = await tx.room.findFirst({ where: { id: step.stepRoomId, workspaceId: input.workspaceId }, select: { id: true } });
    if (existing) return { roomId: existing.id, conversationId: await mainConversation(tx, existing.id), opened: false };
  }
  const parent = await tx.room.findUniqueOrThrow({ where: { id: input.parentRoomId }, select: { name: true, repositoryId: true, worktreePath: true, branch: true, autonomy: true, hostId: true } });
  const mode = stepRoomMode(step.kind, step.extras);
  const room = await tx.room.create({
    data: {
      workspaceId: input.workspaceId,
      name: `${parent.name} · ${step.key}`.slice(0, 120),
      mode,
      autonomy: parent.autonomy,
      repositoryId: parent.repositoryId,
      worktreePath: input.worktree ? input.worktree.path : parent.worktreePath,
      branch: input.worktree ? input.worktree.branch : parent.branch,
      // Issue 24: a worktree of its own was made on this host; a shared one stays where the parent's is.
      hostId: input.worktree ? thisHostId() : parent.hostId,
      agentId: input.agentId,
      conversations: { create: { title: step.title.slice(0, 120) } },
    },
    include: { conversations: { select: { id: true } } },
  });
  await tx.ticket.update({ where: { id: step.id }, data: { stepRoomId: room.id } });
  await recordEvent(tx, {
    workspaceId: input.workspaceId,
    roomId: input.parentRoomId,
    type: PIPELINE_EVENTS.stepRoomOpened,
    data: { orchestrationId: input.orchestrationId, key: step.key, roomId: room.id, mode },
  });
  return { roomId: room.id, conversationId: room.conversations[0]?.id ?? null, opened: true };
}

async function mainConversation(tx: Prisma.TransactionClient, roomId: string): Promise<string | null> {
  const row = await tx.conversation.findFirst({ where: { roomId, parentId: null }, orderBy: { createdAt: "asc" }, select: { id: true } });
  return row?.id ?? null;
}
