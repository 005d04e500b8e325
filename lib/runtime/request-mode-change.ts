import "server-only";
/**
 * X4, G6: an agent's change_mode. The request is an approval row of the room:
 *  - a switch that widens what the agent may do (lib/modes/capability.ts
 *    `widens`) waits for a person's durable approval. The call parks the run
 *    (like ask_user); approving applies the switch through the one transition
 *    and answers the call, and the run goes on in the new mode
 *    (lib/approvals/decide-approval.ts). Leaving plan mode is always the
 *    plan_exit gate (P5).
 *  - any other switch opens a cancel window: people see a confirmation bar;
 *    "Cancel" rejects the row, "Switch now" approves it, and when the window
 *    passes unopposed the row is approved by the lapse. Whichever comes first
 *    wins by a conditional update on the pending row, then the one mode
 *    transition spends it. The agent is told the outcome; a switch applies from
 *    the run's next step (the harness resolves the mode at every step, S4).
 */
import type { PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { widens } from "../modes/capability";
import { workspaceToolSpecs } from "../mcp-client/run-mcp-tools";
import { hasPlanExitGate } from "../modes/profiles";
import { parseStoredPolicy, resolveMode, selectableProfiles } from "../modes/resolve-profile";
import { roomMode, type RoomMode } from "../modes/room-mode";
import { wideningContext } from "../modes/widening-context";
import { requestPlanExit } from "../plans/request-plan-exit";
import type { ModeChangeResult } from "../tools/services";
import { changeRoomMode } from "../rooms/change-room-mode";
import { MODE_SWITCH_REQUESTED_EVENT, type ModeSwitchRequestedData } from "../rooms/mode-events";

export interface ModeChangeContext {
  workspaceId: string;
  roomId: string;
  runId: string | null;
}

export interface ModeChangeOptions {
  /** how often the cancel window is checked */
  pollMs?: number;
}

const refused = (message: string): ModeChangeResult => ({ status: "refused", approvalId: null, message });

export async function requestModeChange(
  prisma: PrismaClient,
  ctx: ModeChangeContext,
  input: { mode: string; reason?: string; signal?: AbortSignal; callId?: string },
  options: ModeChangeOptions = {},
): Promise<ModeChangeResult> {
  const room = await prisma.room.findFirst({
    where: { id: ctx.roomId, workspaceId: ctx.workspaceId },
    select: { mode: true, modeDeclaration: true, autonomy: true, planShell: true, agent: true, workspace: { select: { modePolicy: true } } },
  });
  if (!room) return refused("This run's room no longer exists.");
  const policy = parseStoredPolicy(room.workspace.modePolicy);
  const from = roomMode(room).profile;
  const target = resolveMode(policy, input.mode);
  const to = target?.profile;
  if (!policy.agentCanSwitchMode) return refused("This workspace does not let agents switch modes.");
  if (!target || !to || !to.selectable) {
    const ids = selectableProfiles(policy).map((p) => p.id).join(", ");
    return refused(`There is no mode "${input.mode}" to switch to. Modes: ${ids}.`);
  }
  if (from.id === to.id) return { status: "switched", approvalId: null, message: `The room is already in ${to.label} mode.` };
  if (!from.leavable) return refused(`A ${from.label} room stays in ${from.label} mode.`);

  const reason = input.reason?.trim() || null;
  // M8: the workspace's whole registry, so a switch that gains only an attached tool widens too.
  if (widens(from, to, wideningContext(room, policy, await workspaceToolSpecs(prisma, ctx.workspaceId)))) {
    // P5: from plan mode the way out is the plan_exit gate, whatever the target.
    if (hasPlanExitGate(from)) return requestPlanExit(prisma, ctx, reason ?? undefined, { target: { id: to.id, label: to.label, version: target.version } });
    return durableSwitch(prisma, ctx, target, reason, input.callId);
  }
  return cancelWindow(prisma, ctx, { id: to.id, label: to.label, version: target.version }, reason, policy.switchCancelSeconds, input.signal, options.pollMs ?? 200);
}

/**
 * G6: a widening switch passes a durable approval, spent by the switch it
 * allowed. The asking call is linked to the request and waits for it (the run
 * parks); a request already open for the same switch is found, not doubled.
 */
async function durableSwitch(prisma: PrismaClient, ctx: ModeChangeContext, target: RoomMode, reason: string | null, callId: string | undefined): Promise<ModeChangeResult> {
  const to = target.profile;
  // Approved before approving applied the switch itself (rows from older builds): the call spends it.
  const approved = await prisma.approval.findFirst({ where: { roomId: ctx.roomId, kind: "mode_change", status: "approved", targetMode: to.id, cancelBy: null } });
  if (approved) {
    const result = await prisma.$transaction((tx) =>
      changeRoomMode(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, to: to.id, via: "change_mode", actorId: approved.decidedById, runId: ctx.runId, spend: approved.id }),
    );
    return result.changed
      ? { status: "switched", approvalId: approved.id, message: `Approved: the room switches to ${to.label} mode from your next step.` }
      : refused("That approval was already used; ask again.");
  }
  const call = ctx.runId && callId ? await prisma.toolCall.findUnique({ where: { runId_callId: { runId: ctx.runId, callId } }, select: { id: true } }) : null;
  const waiting = `Switching to ${to.label} mode widens what you may do, so a person must approve it; the room stays as it is until then. You will get the answer here.`;
  const notWaiting = `Switching to ${to.label} mode widens what you may do, so a person must approve it; the room stays as it is until then. The request is already open; call change_mode again after it is decided.`;
  const pending = await prisma.approval.findFirst({ where: { roomId: ctx.roomId, kind: "mode_change", status: "pending", targetMode: to.id, cancelBy: null } });
  if (pending) {
    // The open request answers this call too when no other call waits on it.
    const linked = call && !pending.toolCallId ? await prisma.approval.updateMany({ where: { id: pending.id, toolCallId: null, status: "pending" }, data: { toolCallId: call.id } }) : { count: 0 };
    return linked.count === 1 ? { status: "pending", approvalId: pending.id, message: waiting, waits: true } : { status: "pending", approvalId: pending.id, message: notWaiting };
  }
  const created = await prisma.$transaction(async (tx) => {
    const approval = await tx.approval.create({
      data: {
        workspaceId: ctx.workspaceId,
        roomId: ctx.roomId,
        runId: ctx.runId,
        kind: "mode_change",
        targetMode: to.id,
        // G8: the person approves this version of the mode; a policy edit in between makes it stale.
        targetVersion: target.version,
        toolCallId: call?.id ?? null,
        summary: `Switch to ${to.label} mode${reason ? `: ${reason}` : ""}`,
      },
    });
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, type: "approval.requested", data: { approvalId: approval.id, kind: "mode_change", summary: approval.summary } });
    return approval;
  });
  return call ? { status: "pending", approvalId: created.id, message: waiting, waits: true } : { status: "pending", approvalId: created.id, message: notWaiting };
}

async function cancelWindow(
  prisma: PrismaClient,
  ctx: ModeChangeContext,
  to: { id: string; label: string; version: string },
  reason: string | null,
  seconds: number,
  signal: AbortSignal | undefined,
  pollMs: number,
): Promise<ModeChangeResult> {
  const cancelBy = new Date(Date.now() + seconds * 1000);
  const approval = await prisma.$transaction(async (tx) => {
    const row = await tx.approval.create({
      data: { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, kind: "mode_change", targetMode: to.id, targetVersion: to.version, cancelBy, summary: `Switch to ${to.label} mode${reason ? `: ${reason}` : ""}` },
    });
    const data: ModeSwitchRequestedData = { approvalId: row.id, to: to.id, label: to.label, reason, cancelBy: cancelBy.toISOString() };
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, type: MODE_SWITCH_REQUESTED_EVENT, data: { ...data } });
    return row;
  });

  while (Date.now() < cancelBy.getTime() && !signal?.aborted) {
    const current = await prisma.approval.findUniqueOrThrow({ where: { id: approval.id }, select: { status: true } });
    if (current.status !== "pending") break;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  if (signal?.aborted) {
    await prisma.approval.updateMany({ where: { id: approval.id, status: "pending" }, data: { status: "refused", decidedAt: new Date(), comment: "The run stopped during the cancel window." } });
    return refused("The run stopped before the switch applied; the mode is unchanged.");
  }
  // The window passed: unopposed, the request is approved by the lapse — unless a person decided first.
  await prisma.approval.updateMany({ where: { id: approval.id, status: "pending" }, data: { status: "approved", decidedAt: new Date(), comment: "No one cancelled within the window." } });
  const decided = await prisma.approval.findUniqueOrThrow({ where: { id: approval.id } });
  if (decided.status === "rejected") {
    const why = decided.comment ? ` (${decided.comment})` : "";
    return { status: "cancelled", approvalId: approval.id, message: `A person cancelled the switch to ${to.label} mode${why}; the mode is unchanged. Carry on in the current mode or ask them why.` };
  }
  if (decided.status !== "approved") return refused("The room changed mode another way while the switch waited; nothing was switched.");
  const result = await prisma.$transaction((tx) =>
    changeRoomMode(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, to: to.id, via: "change_mode", actorId: decided.decidedById, runId: ctx.runId, spend: approval.id, version: to.version }),
  );
  if (result.changed) return { status: "switched", approvalId: approval.id, message: `Switched: the room is in ${to.label} mode from your next step.` };
  return result.why === "stale"
    ? refused(`The workspace changed ${to.label} mode while the switch waited; nothing was switched.`)
    : refused("The room changed mode another way while the switch waited; nothing was switched.");
}
