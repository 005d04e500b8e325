import "server-only";
/**
 * M1: a thread is a conversation under another conversation of the same room;
 * it shares the room's mode like every conversation there.
 */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";

export async function startThread(
  prisma: PrismaClient,
  input: { workspaceId: string; roomId: string; parentConversationId: string; title: string },
) {
  const parent = await prisma.conversation.findFirst({
    where: { id: input.parentConversationId, roomId: input.roomId, room: { workspaceId: input.workspaceId } },
    select: { id: true },
  });
  if (!parent) throw notFound("That conversation");
  return prisma.$transaction(async (tx) => {
    const thread = await tx.conversation.create({ data: { roomId: input.roomId, parentId: parent.id, title: input.title } });
    await recordEvent(tx, { workspaceId: input.workspaceId, roomId: input.roomId, type: "thread.created", data: { conversationId: thread.id, parentId: parent.id, title: thread.title } });
    return thread;
  });
}
