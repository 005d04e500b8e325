import "server-only";
/**
 * The one transition of a room's mode (M1, S1, P5, P6, G6, X1, X4). Every path
 * that changes a mode — the composer's dropdown, the plan-mode API, approving
 * a plan or proposal, exit_plan_mode, change_mode — goes through here, inside
 * its own transaction, so each change:
 *   - checks what the profiles allow (a review room stays in review; review is
 *     never a target; the target must be an enabled mode of the workspace);
 *   - spends the approval that allowed it (conditionally: approved → applied,
 *     so one approval switches a room once) and settles every other open
 *     plan_exit / mode_change request of the room, so none outlives the mode it
 *     was asked in;
 *   - writes one audit shape and emits one event.
 */
import type { Prisma as Db } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { parseStoredPolicy, resolveProfile, roomProfile } from "../modes/resolve-profile";
import type { ModeProfile } from "../modes/types";

/** Which path asked; recorded in the audit row and the event. */
export type ModeChangeVia = "dropdown" | "plan_api" | "plan_approved" | "proposal_approved" | "exit_plan_mode" | "change_mode" | "pipeline";

/** The one event type every mode change emits (typed-catalogue entry: room.mode_changed). */
export const MODE_CHANGED_EVENT = "room.mode_changed";

export interface ModeTransition {
  workspaceId: string;
  roomId: string;
  /** the mode id to switch to (built-in or declared) */
  to: string;
  via: ModeChangeVia;
  /** the person who made or approved the change; null for an agent's unopposed change_mode */
  actorId: string | null;
  runId?: string | null;
  /** the approval this switch spends; the switch happens only if it is still approved and unspent */
  spend?: string;
  /** comment left on the open requests this change settles */
  note?: string;
}

export type TransitionResult =
  | { changed: true; from: ModeProfile; to: ModeProfile }
  | { changed: false; from: ModeProfile; to: ModeProfile; why: "already" | "spent" };

export async function changeRoomMode(tx: Db.TransactionClient, t: ModeTransition): Promise<TransitionResult> {
  // Lock the row: two transitions of one room are serialised, so each sees the other's result.
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Room" WHERE "id" = ${t.roomId} AND "workspaceId" = ${t.workspaceId} FOR UPDATE`;
  if (locked.length === 0) throw notFound("That room");
  const room = await tx.room.findUniqueOrThrow({
    where: { id: t.roomId },
    select: { mode: true, declaredMode: true, workspace: { select: { modePolicy: true } } },
  });
  const policy = parseStoredPolicy(room.workspace.modePolicy);
  const from = roomProfile(policy, room);
  const to = resolveProfile(policy, t.to);
  if (!to || !to.selectable) {
    throw new AppError("unprocessable", `"${t.to}" is not a mode this room can switch to; pick one of the workspace's enabled modes.`);
  }
  if (!from.leavable) {
    throw new AppError("unprocessable", `A ${from.label.toLowerCase()} room stays in ${from.label} mode; open a new room to work on the change.`);
  }

  if (t.spend) {
    const { count } = await tx.approval.updateMany({ where: { id: t.spend, roomId: t.roomId, status: "approved" }, data: { status: "applied" } });
    if (count === 0) return { changed: false, from, to, why: "spent" };
  }
  // Picking the mode the room is already in changes nothing, and leaves open requests open.
  if (from.id === to.id) return { changed: false, from, to, why: "already" };
  await settleOpenRequests(tx, t, from, to);

  await tx.room.update({ where: { id: t.roomId }, data: { mode: to.mode, declaredMode: to.declared ? to.id : null } });
  const data = { mode: { from: from.id, to: to.id }, base: { from: from.mode, to: to.mode }, via: t.via, approvalId: t.spend ?? null, runId: t.runId ?? null };
  await tx.auditEvent.create({
    data: { workspaceId: t.workspaceId, actorId: t.actorId, action: MODE_CHANGED_EVENT, targetType: "room", targetId: t.roomId, data },
  });
  await recordEvent(tx, {
    workspaceId: t.workspaceId,
    roomId: t.roomId,
    runId: t.runId ?? null,
    type: MODE_CHANGED_EVENT,
    data: { ...data, changes: { mode: data.mode }, by: t.actorId ?? undefined, label: to.label },
  });
  return { changed: true, from, to };
}

/**
 * P5, G6: a request to leave a mode belongs to the stay it was asked in. Any
 * change (and any re-entry) settles what is still open, so a stale approval can
 * never switch the room later without a fresh gate.
 */
async function settleOpenRequests(tx: Db.TransactionClient, t: ModeTransition, from: ModeProfile, to: ModeProfile) {
  const open = await tx.approval.findMany({
    where: { roomId: t.roomId, kind: { in: ["plan_exit", "mode_change"] }, status: { in: ["pending", "approved"] }, ...(t.spend ? { id: { not: t.spend } } : {}) },
    select: { id: true, kind: true },
  });
  if (open.length === 0) return;
  const note = t.note ?? `Settled: the room went from ${from.label} to ${to.label} mode (${t.via.replace(/_/g, " ")}).`;
  await tx.approval.updateMany({
    where: { id: { in: open.map((a) => a.id) } },
    data: { status: "applied", decidedById: t.actorId, decidedAt: new Date(), comment: note },
  });
  for (const approval of open) {
    await recordEvent(tx, {
      workspaceId: t.workspaceId,
      roomId: t.roomId,
      type: "approval.decided",
      data: { approvalId: approval.id, kind: approval.kind, status: "applied", by: t.actorId ?? undefined },
    });
  }
}
