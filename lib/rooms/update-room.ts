import "server-only";
/**
 * Changes a room's settings. A mode change goes through the one mode
 * transition (./change-room-mode.ts): it applies from the next turn of any run
 * (S4, M1), is audited with who made it (P6), settles open requests to leave the
 * old mode, and a review room stays in review (S1). Other settings are one
 * update audited as room.updated; archiving and restoring go through
 * ./set-room-archived.ts.
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { roomProfile } from "../modes/room-mode";
import { changeRoomMode } from "./change-room-mode";
import { setRoomArchived } from "./set-room-archived";
import type { UpdateRoomBody } from "./schemas";

export async function updateRoom(prisma: PrismaClient, ctx: { workspaceId: string; userId: string; roomId: string }, body: UpdateRoomBody) {
  return prisma.$transaction(async (tx) => {
    const room = await tx.room.findFirst({ where: { id: ctx.roomId, workspaceId: ctx.workspaceId } });
    if (!room) throw notFound("That room");
    const { mode, archived, ...settings } = body;
    if (archived !== undefined) await setRoomArchived(tx, { workspaceId: ctx.workspaceId, userId: ctx.userId, roomId: room.id }, archived);
    if (mode !== undefined) {
      await changeRoomMode(tx, { workspaceId: ctx.workspaceId, roomId: room.id, to: mode, via: "dropdown", actorId: ctx.userId, note: "A person switched the room's mode." });
    }
    if (settings.agentId && !(await tx.agent.findFirst({ where: { id: settings.agentId, workspaceId: ctx.workspaceId, archivedAt: null } }))) {
      throw notFound("That agent");
    }
    const updated = Object.keys(settings).length > 0 ? await tx.room.update({ where: { id: room.id }, data: settings }) : await tx.room.findUniqueOrThrow({ where: { id: room.id } });
    const changes = Object.fromEntries(
      Object.entries(settings)
        .filter(([key, value]) => room[key as keyof typeof room] !== value)
        .map(([key, value]) => [key, { from: room[key as keyof typeof room], to: value }]),
    );
    if (Object.keys(changes).length === 0) return updated;
    await recordAudit(tx, { workspaceId: ctx.workspaceId, actorId: ctx.userId, action: "room.updated", targetType: "room", targetId: room.id, data: changes });
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: room.id, type: "room.updated", data: { changes, by: ctx.userId, mode: roomProfile(updated).id } });
    return updated;
  });
}
