import "server-only";
/** post_comment: an agent's message for people, in the room's conversation (S4: of the run's own workspace). */
import type { PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { assertRoomScope } from "../rooms/assert-room-scope";

export async function postComment(
  prisma: PrismaClient,
  ctx: { workspaceId: string; roomId: string; runId: string | null; conversationId: string },
  body: string,
): Promise<{ messageId: string }> {
  return prisma.$transaction(async (tx) => {
    await assertRoomScope(tx, ctx);
    const message = await tx.message.create({
      data: { conversationId: ctx.conversationId, role: "assistant", runId: ctx.runId, content: body, meta: { kind: "comment" } },
    });
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, type: "message.created", data: { messageId: message.id } });
    return { messageId: message.id };
  });
}
