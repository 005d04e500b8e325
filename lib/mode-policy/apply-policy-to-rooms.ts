import "server-only";
/**
 * G8: a change of policy is a change of mode. In the transaction that stores
 * a policy, every room the policy moves (./room-policy-target.ts) goes through
 * the one transition (lib/rooms/change-room-mode.ts) with the admin as its
 * actor: narrowing or sideways applies at once; widening opens a durable
 * approval in the room and the room keeps the profile it has until a person
 * approves — never its built-in's wider one. Requests to switch to a version
 * of a mode the policy no longer declares are refused first (and an agent
 * waiting on one is told), so no approval can apply something nobody saw.
 */
import type { ApprovalKind, Prisma as Db } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import type { ModePolicy } from "../modes/declared";
import { resolveMode } from "../modes/resolve-profile";
import { roomMode, type RoomMode } from "../modes/room-mode";
import { answerWaitingSwitch } from "../rooms/answer-waiting-switch";
import { changeRoomMode } from "../rooms/change-room-mode";
import { workspaceToolSpecs } from "../mcp-client/run-mcp-tools";
import { ROOMS_IN_DECLARED_MODES } from "./load-policy-preview";
import { causeText, policyTarget } from "./room-policy-target";

export interface RoomOutcome {
  roomId: string;
  from: string;
  to: string;
  /** applied: the room is in the new mode; held: it waits for `approvalId` */
  outcome: "applied" | "held";
  approvalId: string | null;
}

export async function applyPolicyToRooms(tx: Db.TransactionClient, ctx: { workspaceId: string; userId: string }, policy: ModePolicy): Promise<RoomOutcome[]> {
  await refuseStaleRequests(tx, ctx, policy);
  const rooms = await tx.room.findMany({ where: { workspaceId: ctx.workspaceId, ...ROOMS_IN_DECLARED_MODES }, select: { id: true, mode: true, modeDeclaration: true }, orderBy: { createdAt: "asc" } });
  const holds = await heldSwitches(tx, ctx.workspaceId);
  // M8: attached tools count in the widening check, so a move that gains only an MCP tool waits too.
  const specs = await workspaceToolSpecs(tx, ctx.workspaceId);
  const outcomes: RoomOutcome[] = [];
  for (const room of rooms) {
    const current = roomMode(room);
    const target = policyTarget(current, policy);
    await supersedeHolds(tx, ctx, holds.get(room.id) ?? [], room.id, target ? resolveMode(policy, target.to) : null);
    if (!target) continue;
    const result = await changeRoomMode(tx, {
      workspaceId: ctx.workspaceId,
      roomId: room.id,
      to: target.to,
      via: "policy",
      actorId: ctx.userId,
      holdWidening: { specs },
      because: causeText(current.profile.label, target.cause),
    });
    if (result.changed) outcomes.push({ roomId: room.id, from: result.from.id, to: result.to.id, outcome: "applied", approvalId: null });
    else if (result.why === "held") outcomes.push({ roomId: room.id, from: result.from.id, to: result.to.id, outcome: "held", approvalId: result.approvalId });
  }
  return outcomes;
}

/**
 * A switch an earlier edit held is about that edit: once the policy takes the
 * room somewhere else (or nowhere), it is refused, so one room waits for at
 * most the one switch the policy now asks for.
 */
type Held = { id: string; roomId: string | null; targetMode: string | null; targetVersion: string | null };

/** Switches earlier edits held (no run asked for them), by room — one read for the whole workspace. */
async function heldSwitches(tx: Db.TransactionClient, workspaceId: string): Promise<Map<string, Held[]>> {
  const held = await tx.approval.findMany({
    where: { workspaceId, kind: "mode_change", status: "pending", cancelBy: null, runId: null, toolCallId: null },
    select: { id: true, roomId: true, targetMode: true, targetVersion: true },
  });
  const byRoom = new Map<string, Held[]>();
  for (const approval of held) if (approval.roomId) byRoom.set(approval.roomId, [...(byRoom.get(approval.roomId) ?? []), approval]);
  return byRoom;
}

async function supersedeHolds(tx: Db.TransactionClient, ctx: { workspaceId: string; userId: string }, held: readonly Held[], roomId: string, target: RoomMode | null) {
  for (const approval of held) {
    if (target && approval.targetMode === target.profile.id && approval.targetVersion === target.version) continue;
    await refuse(tx, ctx, { id: approval.id, kind: "mode_change", roomId }, "A later change of the workspace's modes replaced this switch; nothing was switched.");
  }
}

async function refuse(tx: Db.TransactionClient, ctx: { workspaceId: string; userId: string }, approval: { id: string; kind: ApprovalKind; roomId: string | null }, comment: string) {
  const { count } = await tx.approval.updateMany({
    where: { id: approval.id, status: { in: ["pending", "approved"] } },
    data: { status: "refused", decidedById: ctx.userId, decidedAt: new Date(), comment },
  });
  if (count === 0) return;
  await answerWaitingSwitch(tx, approval.id, { status: "refused", message: comment });
  await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: approval.roomId, type: "approval.decided", data: { approvalId: approval.id, kind: approval.kind, status: "refused", by: ctx.userId } });
}

async function refuseStaleRequests(tx: Db.TransactionClient, ctx: { workspaceId: string; userId: string }, policy: ModePolicy) {
  const open = await tx.approval.findMany({
    where: { workspaceId: ctx.workspaceId, kind: { in: ["mode_change", "plan_exit"] }, status: { in: ["pending", "approved"] }, targetMode: { not: null } },
    select: { id: true, kind: true, roomId: true, targetMode: true, targetVersion: true },
  });
  for (const approval of open) {
    const now = resolveMode(policy, approval.targetMode!);
    if (now && (!approval.targetVersion || approval.targetVersion === now.version)) continue;
    await refuse(tx, ctx, approval, "The workspace's mode policy changed that mode after this was asked; nothing was switched. Ask again if it is still needed.");
  }
}
