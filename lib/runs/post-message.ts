import "server-only";
/**
 * A person's message: the message, the run it asks for and the job that will
 * execute it are written in one transaction, so a message is never lost and
 * never left without its run (the worker picks the job up after commit).
 */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { conversationHistory } from "./conversation-history";
import { queueRun } from "./queue-run";

export interface PostMessageInput {
  workspaceId: string;
  roomId: string;
  userId: string;
  content: string;
  conversationId?: string;
}

export async function postMessage(prisma: PrismaClient, input: PostMessageInput) {
  const room = await prisma.room.findFirst({
    where: { id: input.roomId, workspaceId: input.workspaceId },
    select: { id: true, agentId: true, conversations: { where: { parentId: null }, orderBy: { createdAt: "asc" }, take: 1, select: { id: true } } },
  });
  if (!room) throw notFound("That room");
  const conversationId = input.conversationId ?? room.conversations[0]?.id;
  if (input.conversationId && !(await prisma.conversation.findFirst({ where: { id: input.conversationId, roomId: room.id } }))) {
    throw notFound("That conversation");
  }

  return prisma.$transaction(async (tx) => {
    const conversation = conversationId
      ? { id: conversationId }
      : await tx.conversation.create({ data: { roomId: room.id, title: "Main" }, select: { id: true } });
    const message = await tx.message.create({
      data: { conversationId: conversation.id, role: "user", authorId: input.userId, content: input.content },
    });
    await recordEvent(tx, { workspaceId: input.workspaceId, roomId: room.id, type: "message.created", data: { messageId: message.id, conversationId: conversation.id } });
    if (!room.agentId) return { message, run: null };

    const run = await queueRun(tx, {
      workspaceId: input.workspaceId,
      roomId: room.id,
      conversationId: conversation.id,
      agentId: room.agentId,
      triggerMessageId: message.id,
      messages: await conversationHistory(tx, conversation.id),
    });
    await recordEvent(tx, { workspaceId: input.workspaceId, roomId: room.id, runId: run.id, type: "run.queued", data: { messageId: message.id } });
    return { message, run };
  });
}
