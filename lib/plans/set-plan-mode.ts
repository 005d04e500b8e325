import "server-only";
/**
 * A7: enter or leave plan mode over the authenticated API. This is a person's
 * switch, like the composer's dropdown (P6): it needs no plan_exit approval,
 * applies from the next turn (S4) and goes through the one mode transition,
 * which audits it and settles an open "leave plan mode" request.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { AGENT_MODE_ID, hasPlanExitGate, PLAN_MODE_ID } from "../modes/profiles";
import { roomProfile } from "../modes/room-mode";
import { changeRoomMode } from "../rooms/change-room-mode";
import type { PlanModeBody } from "./request-schemas";

export async function setPlanMode(prisma: PrismaClient, ctx: { workspaceId: string; roomId: string; userId: string }, body: PlanModeBody) {
  return prisma.$transaction(async (tx) => {
    const room = await tx.room.findFirst({
      where: { id: ctx.roomId, workspaceId: ctx.workspaceId },
      select: { id: true, mode: true, modeDeclaration: true },
    });
    if (!room) throw notFound("That room");
    const profile = roomProfile(room);
    if (!profile.leavable) throw new AppError("unprocessable", `A ${profile.label.toLowerCase()} room stays in ${profile.label} mode; open a new room to plan the change.`);
    if (!body.enter && !hasPlanExitGate(profile)) {
      if (profile.id === AGENT_MODE_ID) return { id: room.id, mode: profile.id, changed: false };
      throw new AppError("unprocessable", `The room is in ${profile.label} mode, not plan mode; change it with PATCH on the room instead.`);
    }
    const result = await changeRoomMode(tx, {
      workspaceId: ctx.workspaceId,
      roomId: room.id,
      to: body.enter ? PLAN_MODE_ID : AGENT_MODE_ID,
      via: "plan_api",
      actorId: ctx.userId,
      note: "A person switched the room out of plan mode.",
    });
    return { id: room.id, mode: result.to.id, changed: result.changed };
  });
}
