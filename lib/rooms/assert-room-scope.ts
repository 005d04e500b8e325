import "server-only";
/**
 * S4, H3: a write that names a room (and maybe a conversation) happens only
 * when that room belongs to the workspace the writer acts for, and the
 * conversation to that room. A run whose stored room id points into another
 * workspace — by a bug, an import, or a hand-edited row — records nothing there.
 * Called inside the writer's transaction, so a refusal leaves nothing half-written.
 */
import type { Prisma } from "../db/generated/client";
import { notFound } from "../errors/app-error";

type Reader = Pick<Prisma.TransactionClient, "room" | "conversation">;

export async function assertRoomScope(db: Reader, scope: { workspaceId: string; roomId: string; conversationId?: string | null }): Promise<void> {
  const room = await db.room.findFirst({ where: { id: scope.roomId, workspaceId: scope.workspaceId }, select: { id: true } });
  if (!room) throw notFound("That room (in this workspace)");
  if (scope.conversationId) {
    const conversation = await db.conversation.findFirst({ where: { id: scope.conversationId, roomId: scope.roomId }, select: { id: true } });
    if (!conversation) throw notFound("That conversation (in this room)");
  }
}
