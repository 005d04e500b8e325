import "server-only";
/**
 * Archives or restores a room (members and above). An archived room leaves
 * the rooms list, Ctrl+K and every picker, stays readable by its link, and
 * starts no runs (lib/runs/queue-run.ts refuses); restoring brings it back as
 * it was. A pull request's review room follows its pull request (close it
 * instead), and a room where an agent is still at work is archived once the
 * work ends, so no run is left waiting in a room nobody sees. Audited, and an
 * event so open pages follow.
 */
import { ACTIVE_RUN_STATUSES } from "../run-status/run-status";
import { recordAudit } from "../audit/record-audit";
import type { Prisma } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { roomProfile } from "../modes/room-mode";

export async function setRoomArchived(tx: Prisma.TransactionClient, ctx: { workspaceId: string; userId: string; roomId: string }, archived: boolean) {
  const room = await tx.room.findFirst({ where: { id: ctx.roomId, workspaceId: ctx.workspaceId } });
  if (!room) throw notFound("That room");
  if (Boolean(room.archivedAt) === archived) return room;
  if (archived && room.pullRequestId) {
    throw new AppError("unprocessable", "A pull request's review room follows its pull request: close the pull request instead of archiving its room.");
  }
  if (archived) {
    const active = await tx.run.count({ where: { roomId: room.id, status: { in: [...ACTIVE_RUN_STATUSES] } } });
    if (active > 0) throw new AppError("conflict", "An agent is still at work in this room. Let its run finish (or answer what it waits for), then archive the room.");
  }
  // Conditional: of two people archiving (or restoring) at once, one changes it and both see the result.
  const { count } = await tx.room.updateMany({
    where: { id: room.id, archivedAt: archived ? null : { not: null } },
    data: archived ? { archivedAt: new Date(), archivedById: ctx.userId } : { archivedAt: null, archivedById: null },
  });
  const updated = await tx.room.findUniqueOrThrow({ where: { id: room.id } });
  if (count === 0) return updated;
  await recordAudit(tx, { workspaceId: ctx.workspaceId, actorId: ctx.userId, action: archived ? "room.archived" : "room.restored", targetType: "room", targetId: room.id, data: { name: room.name } });
  await recordEvent(tx, {
    workspaceId: ctx.workspaceId,
    roomId: room.id,
    type: "room.updated",
    data: { changes: { archived: { from: !archived, to: archived } }, by: ctx.userId, mode: roomProfile(updated).id },
  });
  return updated;
}
