import "server-only";
/**
 * P5: exit_plan_mode is a hard gate. The first call opens one durable
 * plan_exit approval and answers "pending"; later calls — however many arrive
 * at once — find that same approval (a partial unique index allows one pending
 * per room). After a person approves, the next call switches the room to chat
 * and consumes the approval; after a rejection, a call opens a fresh request.
 */
import type { PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";

export interface PlanExitResult {
  status: "pending" | "switched";
  approvalId: string | null;
  message: string;
}

export interface PlanExitContext {
  workspaceId: string;
  roomId: string;
  runId: string | null;
}

const PENDING_MESSAGE =
  "Leaving plan mode needs a person's approval; the request is pending and the room stays read-only. " +
  "Calling again does not open a second request. Deliver your plan with submit_plan if you have not.";

export async function requestPlanExit(prisma: PrismaClient, ctx: PlanExitContext, reason?: string): Promise<PlanExitResult> {
  const room = await prisma.room.findFirst({ where: { id: ctx.roomId, workspaceId: ctx.workspaceId }, select: { mode: true } });
  if (!room) throw new Error("room not found");
  if (room.mode !== "plan") {
    return { status: "switched", approvalId: null, message: `The room is already in ${room.mode === "chat" ? "Agent" : room.mode} mode.` };
  }

  const approved = await prisma.approval.findFirst({
    where: { roomId: ctx.roomId, kind: "plan_exit", status: "approved" },
    orderBy: { decidedAt: "desc" },
  });
  if (approved) {
    const switched = await prisma.$transaction(async (tx) => {
      const { count } = await tx.approval.updateMany({ where: { id: approved.id, status: "approved" }, data: { status: "applied" } });
      if (count === 0) return false; // a concurrent call consumed it and switched the room
      await tx.room.update({ where: { id: ctx.roomId }, data: { mode: "chat" } });
      await tx.auditEvent.create({
        data: {
          workspaceId: ctx.workspaceId,
          actorId: approved.decidedById,
          action: "room.mode_changed",
          targetType: "room",
          targetId: ctx.roomId,
          data: { from: "plan", to: "chat", via: "exit_plan_mode", approvalId: approved.id },
        },
      });
      await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, type: "room.mode_changed", data: { mode: "chat", via: "exit_plan_mode" } });
      return true;
    });
    return {
      status: "switched",
      approvalId: approved.id,
      message: switched
        ? "Approved: the room switches to Agent mode from your next turn."
        : "The room has already left plan mode.",
    };
  }

  const pending = await prisma.approval.findFirst({ where: { roomId: ctx.roomId, kind: "plan_exit", status: "pending" } });
  if (pending) return { status: "pending", approvalId: pending.id, message: PENDING_MESSAGE };

  try {
    const created = await prisma.$transaction(async (tx) => {
      const approval = await tx.approval.create({
        data: {
          workspaceId: ctx.workspaceId,
          roomId: ctx.roomId,
          runId: ctx.runId,
          kind: "plan_exit",
          summary: reason?.trim() ? `Leave plan mode: ${reason.trim()}` : "Leave plan mode",
        },
      });
      await recordEvent(tx, {
        workspaceId: ctx.workspaceId,
        roomId: ctx.roomId,
        runId: ctx.runId,
        type: "approval.requested",
        data: { approvalId: approval.id, kind: "plan_exit", summary: approval.summary },
      });
      return approval;
    });
    return { status: "pending", approvalId: created.id, message: PENDING_MESSAGE };
  } catch (error) {
    // Another call opened the gate between our read and insert: that one is ours too.
    const raced = await prisma.approval.findFirst({ where: { roomId: ctx.roomId, kind: "plan_exit", status: "pending" } });
    if (raced) return { status: "pending", approvalId: raced.id, message: PENDING_MESSAGE };
    throw error;
  }
}
