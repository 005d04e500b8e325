import "server-only";
/**
 * Changes a room's settings. A mode change is a column update that applies
 * from the next turn of any run (S4, M1) and is written to the audit log with
 * who made it (P6). Review rooms stay in review: it is set by the system (S1).
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import type { UpdateRoomBody } from "./schemas";

export async function updateRoom(prisma: PrismaClient, ctx: { workspaceId: string; userId: string; roomId: string }, body: UpdateRoomBody) {
  return prisma.$transaction(async (tx) => {
    const room = await tx.room.findFirst({ where: { id: ctx.roomId, workspaceId: ctx.workspaceId } });
    if (!room) throw notFound("That room");
    if (body.mode && room.mode === "review") {
      throw new AppError("unprocessable", "A pull-request room stays in review mode; open a new room to work on the change.");
    }
    if (body.agentId && !(await tx.agent.findFirst({ where: { id: body.agentId, workspaceId: ctx.workspaceId } }))) {
      throw notFound("That agent");
    }
    const updated = await tx.room.update({ where: { id: room.id }, data: body });
    const changes = Object.fromEntries(
      Object.entries(body).filter(([key, value]) => room[key as keyof typeof room] !== value).map(([key, value]) => [key, { from: room[key as keyof typeof room], to: value }]),
    );
    if (Object.keys(changes).length === 0) return updated;
    await tx.auditEvent.create({
      data: {
        workspaceId: ctx.workspaceId,
        actorId: ctx.userId,
        action: body.mode && body.mode !== room.mode ? "room.mode_changed" : "room.updated",
        targetType: "room",
        targetId: room.id,
        data: changes,
      },
    });
    await recordEvent(tx, {
      workspaceId: ctx.workspaceId,
      roomId: room.id,
      type: body.mode && body.mode !== room.mode ? "room.mode_changed" : "room.updated",
      data: { changes, by: ctx.userId, mode: updated.mode },
    });
    return updated;
  });
}
