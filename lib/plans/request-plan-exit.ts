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
import { AGENT_MODE_ID, hasPlanExitGate } from "../modes/profiles";
import { roomProfile } from "../modes/room-mode";
import { changeRoomMode } from "../rooms/change-room-mode";

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

/** What the gate switches to once approved: the approval's target (a change_mode request, G6), else Agent mode. */
export interface PlanExitOptions {
  /** X4: the mode an agent's change_mode asked for (G8: at this version); leaving plan mode that way still passes this gate (P5) */
  target?: { id: string; label: string; version: string };
}

export async function requestPlanExit(prisma: PrismaClient, ctx: PlanExitContext, reason?: string, options: PlanExitOptions = {}): Promise<PlanExitResult> {
  const room = await prisma.room.findFirst({
    where: { id: ctx.roomId, workspaceId: ctx.workspaceId },
    select: { mode: true, modeDeclaration: true },
  });
  if (!room) throw new Error("room not found");
  const profile = roomProfile(room);
  if (!hasPlanExitGate(profile)) {
    return { status: "switched", approvalId: null, message: `The room is already in ${profile.label} mode.` };
  }

  // Only an approval from the room's current stay in plan mode exists here: every mode change settles the rest.
  const approved = await prisma.approval.findFirst({
    where: { roomId: ctx.roomId, kind: "plan_exit", status: "approved" },
    orderBy: { decidedAt: "desc" },
  });
  if (approved) {
    const switched = await prisma.$transaction(async (tx) => {
      const result = await changeRoomMode(tx, {
        workspaceId: ctx.workspaceId,
        roomId: ctx.roomId,
        to: approved.targetMode ?? AGENT_MODE_ID,
        via: options.target ? "change_mode" : "exit_plan_mode",
        actorId: approved.decidedById,
        runId: ctx.runId,
        spend: approved.id,
        version: approved.targetVersion,
      });
      // false: a concurrent call spent it and switched the room
      return result.changed ? result.to.label : null;
    });
    return {
      status: "switched",
      approvalId: approved.id,
      message: switched
        ? `Approved: the room switches to ${switched} mode from your next step.`
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
          targetMode: options.target?.id ?? null,
          targetVersion: options.target?.version ?? null,
          summary: `${options.target ? `Leave plan mode for ${options.target.label}` : "Leave plan mode"}${reason?.trim() ? `: ${reason.trim()}` : ""}`,
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
