import "server-only";
/**
 * A7: enter or leave plan mode over the authenticated API. This is a person's
 * switch, like the composer's dropdown (P6): it needs no plan_exit approval,
 * applies from the next turn (S4) and is audited with who made it. Leaving
 * settles an open "leave plan mode" request, since what it asked for happened.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import type { PlanModeBody } from "./request-schemas";

export async function setPlanMode(prisma: PrismaClient, ctx: { workspaceId: string; roomId: string; userId: string }, body: PlanModeBody) {
  return prisma.$transaction(async (tx) => {
    const room = await tx.room.findFirst({ where: { id: ctx.roomId, workspaceId: ctx.workspaceId }, select: { id: true, mode: true } });
    if (!room) throw notFound("That room");
    if (room.mode === "review") throw new AppError("unprocessable", "A pull-request room stays in review mode; open a new room to plan the change.");
    const target = body.enter ? "plan" : "chat";
    if (room.mode === target) return { id: room.id, mode: room.mode, changed: false };
    if (!body.enter && room.mode !== "plan") {
      throw new AppError("unprocessable", `The room is in ${room.mode} mode, not plan mode; change it with PATCH on the room instead.`);
    }

    await tx.room.update({ where: { id: room.id }, data: { mode: target } });
    const changes = { mode: { from: room.mode, to: target } };
    await tx.auditEvent.create({
      data: { workspaceId: ctx.workspaceId, actorId: ctx.userId, action: "room.mode_changed", targetType: "room", targetId: room.id, data: { ...changes, via: "plan-mode api" } },
    });
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: room.id, type: "room.mode_changed", data: { changes, by: ctx.userId, mode: target, via: "plan-mode api" } });

    if (!body.enter) {
      const open = await tx.approval.findMany({ where: { roomId: room.id, kind: "plan_exit", status: { in: ["pending", "approved"] } }, select: { id: true } });
      if (open.length > 0) {
        await tx.approval.updateMany({
          where: { id: { in: open.map((a) => a.id) } },
          data: { status: "applied", decidedById: ctx.userId, decidedAt: new Date(), comment: "A person switched the room out of plan mode." },
        });
        for (const approval of open) {
          await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: room.id, type: "approval.decided", data: { approvalId: approval.id, kind: "plan_exit", status: "applied", by: ctx.userId } });
        }
      }
    }
    return { id: room.id, mode: target, changed: true };
  });
}
