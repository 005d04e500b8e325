import "server-only";
/** A ticket filed by an agent (create_ticket) outside any orchestration; S4: in a room of its own workspace. */
import type { PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { assertRoomScope } from "../rooms/assert-room-scope";

export async function fileTicket(
  prisma: PrismaClient,
  ctx: { workspaceId: string; roomId: string; runId: string | null },
  input: { title: string; description: string },
): Promise<{ ticketId: string }> {
  return prisma.$transaction(async (tx) => {
    await assertRoomScope(tx, ctx);
    const ticket = await tx.ticket.create({
      data: { roomId: ctx.roomId, key: `t-${Date.now().toString(36)}`, title: input.title, description: input.description },
    });
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, type: "ticket.created", data: { ticketId: ticket.id, title: ticket.title } });
    return { ticketId: ticket.id };
  });
}
