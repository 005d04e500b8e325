import "server-only";
/**
 * The one transition of a room's mode (M1, S1, P5, P6, G6, G8, X1, X4). Every
 * path that changes a mode — the composer's dropdown, the plan-mode API,
 * approving a plan or proposal, exit_plan_mode, change_mode, and an edit of the
 * workspace's mode policy — goes through here, inside its caller's
 * transaction, so each change:
 *   - checks what the profiles allow (a review room stays in review; review is
 *     never a target; the target must be an enabled mode of the workspace);
 *   - writes the room's one mode record (lib/modes/room-mode.ts), or, for a
 *     switch nobody approved that widens (a policy edit, G8), holds it for a
 *     person's durable approval and leaves the room's profile as it was;
 *   - spends the approval that allowed it (conditionally: approved → applied,
 *     so one approval switches a room once) and settles every other open
 *     plan_exit / mode_change request of the room, so none outlives the mode it
 *     was asked in;
 *   - writes one audit shape and emits one event.
 */
import { recordAudit } from "../audit/record-audit";
import type { Prisma as Db } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { widens } from "../modes/capability";
import { parseStoredPolicy, resolveMode } from "../modes/resolve-profile";
import { roomMode, type RoomMode } from "../modes/room-mode";
import type { ModeProfile, ToolSpec } from "../modes/types";
import { wideningContext } from "../modes/widening-context";
import { answerWaitingSwitch } from "./answer-waiting-switch";
import { MODE_CHANGE_REQUESTED_EVENT } from "./mode-events";
import { roomModeColumns } from "./room-mode-columns";

/** Which path asked; recorded in the audit row and the event. */
export type ModeChangeVia = "dropdown" | "plan_api" | "plan_approved" | "proposal_approved" | "exit_plan_mode" | "change_mode" | "pipeline" | "policy";

/** The one event type every mode change emits (typed-catalogue entry: room.mode_changed). */
export const MODE_CHANGED_EVENT = "room.mode_changed";

export interface ModeTransition {
  workspaceId: string;
  roomId: string;
  /** the mode id to switch to (built-in or declared), as the workspace's policy declares it now */
  to: string;
  via: ModeChangeVia;
  /** the person who made, approved or (G8) caused the change; null for an agent's unopposed change_mode */
  actorId: string | null;
  runId?: string | null;
  /** the approval this switch spends; the switch happens only if it is still approved and unspent */
  spend?: string;
  /** G8: the version of `to` the change was asked for (an approval's); another version is not switched to */
  version?: string | null;
  /**
   * G6, G8: set when nobody has approved this switch yet (a policy edit): a
   * switch that widens the agent's capability, compiled over these tools, is
   * held for a person's durable approval and the room keeps the profile it
   * has; a narrowing or sideways one applies at once.
   */
  holdWidening?: { specs: readonly ToolSpec[] };
  /** comment left on the open requests this change settles */
  note?: string;
  /** G8: why a change nobody asked for happens (a policy edit), for the audit trail and a held change's approval */
  because?: string;
}

export type TransitionResult =
  | { changed: true; from: ModeProfile; to: ModeProfile }
  | { changed: false; from: ModeProfile; to: ModeProfile; why: "already" | "spent" | "stale" }
  /** G8: the switch widens and waits for this approval; the room is unchanged */
  | { changed: false; from: ModeProfile; to: ModeProfile; why: "held"; approvalId: string };

export async function changeRoomMode(tx: Db.TransactionClient, t: ModeTransition): Promise<TransitionResult> {
  // Lock the row: two transitions of one room are serialised, so each sees the other's result.
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Room" WHERE "id" = ${t.roomId} AND "workspaceId" = ${t.workspaceId} FOR UPDATE`;
  if (locked.length === 0) throw notFound("That room");
  const room = await tx.room.findUniqueOrThrow({
    where: { id: t.roomId },
    select: {
      mode: true,
      modeDeclaration: true,
      autonomy: true,
      planShell: true,
      agent: { select: { restrictModules: true, moduleAllowlist: true } },
      workspace: { select: { modePolicy: true } },
    },
  });
  const policy = parseStoredPolicy(room.workspace.modePolicy);
  // G8: where the room is comes from its own record; where it goes, from the policy as it is now.
  const current = roomMode(room);
  const target = resolveMode(policy, t.to);
  const from = current.profile;
  if (!target || !target.profile.selectable) {
    throw new AppError("unprocessable", `"${t.to}" is not a mode this room can switch to; pick one of the workspace's enabled modes.`);
  }
  const to = target.profile;
  if (!from.leavable) {
    throw new AppError("unprocessable", `A ${from.label.toLowerCase()} room stays in ${from.label} mode; open a new room to work on the change.`);
  }
  // An approval allows the version it was asked for; the policy has changed it since.
  if (t.version && t.version !== target.version) return { changed: false, from, to, why: "stale" };

  if (t.spend) {
    const { count } = await tx.approval.updateMany({ where: { id: t.spend, roomId: t.roomId, status: "approved" }, data: { status: "applied" } });
    if (count === 0) return { changed: false, from, to, why: "spent" };
  }
  // Picking the mode (and version) the room is already in changes nothing, and leaves open requests open.
  if (current.version === target.version) return { changed: false, from, to, why: "already" };
  if (t.holdWidening && widens(from, to, wideningContext(room, policy, t.holdWidening.specs))) {
    return { changed: false, from, to, why: "held", approvalId: await holdForApproval(tx, t, current, target) };
  }
  await settleOpenRequests(tx, t, from, to);

  await tx.room.update({ where: { id: t.roomId }, data: roomModeColumns(target) });
  const data = { mode: { from: from.id, to: to.id }, base: { from: from.mode, to: to.mode }, via: t.via, approvalId: t.spend ?? null, runId: t.runId ?? null };
  await recordAudit(tx, { workspaceId: t.workspaceId, actorId: t.actorId, action: MODE_CHANGED_EVENT, targetType: "room", targetId: t.roomId, data });
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
 * G6, G8: a switch nobody approved that widens the agent's capability becomes
 * one durable mode_change approval naming the exact version it would apply;
 * the room keeps its profile until a person decides (lib/approvals). Asking
 * again for the same version finds the same approval.
 */
async function holdForApproval(tx: Db.TransactionClient, t: ModeTransition, current: RoomMode, target: RoomMode): Promise<string> {
  const from = current.profile;
  const to = target.profile;
  const open = await tx.approval.findFirst({
    where: { roomId: t.roomId, kind: "mode_change", status: "pending", cancelBy: null, targetMode: to.id, targetVersion: target.version },
    select: { id: true },
  });
  if (open) return open.id;
  const summary = `Switch to ${to.label} mode${t.because ? `: ${t.because}` : ""}. It widens what the agent may do, so the room stays in ${from.label} mode until a person approves.`;
  const approval = await tx.approval.create({
    data: { workspaceId: t.workspaceId, roomId: t.roomId, runId: t.runId ?? null, kind: "mode_change", targetMode: to.id, targetVersion: target.version, summary },
  });
  const data = { mode: { from: from.id, to: to.id }, base: { from: from.mode, to: to.mode }, via: t.via, approvalId: approval.id, runId: t.runId ?? null };
  await recordAudit(tx, { workspaceId: t.workspaceId, actorId: t.actorId, action: MODE_CHANGE_REQUESTED_EVENT, targetType: "room", targetId: t.roomId, data });
  await recordEvent(tx, { workspaceId: t.workspaceId, roomId: t.roomId, runId: t.runId ?? null, type: MODE_CHANGE_REQUESTED_EVENT, data: { ...data, label: to.label, by: t.actorId ?? undefined } });
  await recordEvent(tx, { workspaceId: t.workspaceId, roomId: t.roomId, runId: t.runId ?? null, type: "approval.requested", data: { approvalId: approval.id, kind: "mode_change", summary } });
  return approval.id;
}

/**
 * P5, G6: a request to leave a mode belongs to the stay it was asked in. Any
 * change (and any re-entry) settles what is still open, so a stale approval can
 * never switch the room later without a fresh gate.
 */
async function settleOpenRequests(tx: Db.TransactionClient, t: ModeTransition, from: ModeProfile, to: ModeProfile) {
  const open = await tx.approval.findMany({
    where: { roomId: t.roomId, kind: { in: ["plan_exit", "mode_change"] }, status: { in: ["pending", "approved"] }, ...(t.spend ? { id: { not: t.spend } } : {}) },
    select: { id: true, kind: true, targetMode: true },
  });
  if (open.length === 0) return;
  const note = t.note ?? `Settled: the room went from ${from.label} to ${to.label} mode (${t.because ?? t.via.replace(/_/g, " ")}).`;
  await tx.approval.updateMany({
    where: { id: { in: open.map((a) => a.id) } },
    data: { status: "applied", decidedById: t.actorId, decidedAt: new Date(), comment: note },
  });
  for (const approval of open) {
    // X4: an agent parked on this request hears how it ended, and goes on.
    const switched = approval.targetMode === to.id;
    await answerWaitingSwitch(tx, approval.id, {
      status: switched ? "switched" : "refused",
      message: `${switched ? "Switched" : "Not switched"}: the room went from ${from.label} to ${to.label} mode another way (${t.via.replace(/_/g, " ")}); your next step runs in ${to.label} mode.`,
    });
    await recordEvent(tx, {
      workspaceId: t.workspaceId,
      roomId: t.roomId,
      type: "approval.decided",
      data: { approvalId: approval.id, kind: approval.kind, status: "applied", by: t.actorId ?? undefined },
    });
  }
}
