import "server-only";
/**
 * X4, G6: an agent's change_mode. The request is an approval row of the room:
 *  - a switch that widens what the agent may do (lib/modes/capability.ts
 *    `widens`) waits for a person's durable approval; the agent's next call
 *    spends it. Leaving plan mode is always the plan_exit gate (P5).
 *  - any other switch opens a cancel window: people see a confirmation bar;
 *    "Cancel" rejects the row, "Switch now" approves it, and when the window
 *    passes unopposed the row is approved by the lapse. Whichever comes first
 *    wins by a conditional update on the pending row, then the one mode
 *    transition spends it. The agent is told the outcome; a switch applies from
 *    the run's next step (the harness resolves the mode at every step, S4).
 */
import type { PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { agentAllowlistOf } from "../modes/agent-allowlist";
import { widens } from "../modes/capability";
import { workspaceToolSpecs } from "../mcp-client/run-mcp-tools";
import { hasPlanExitGate } from "../modes/profiles";
import { parseStoredPolicy, resolveProfile, roomProfile, selectableProfiles } from "../modes/resolve-profile";
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
  input: { mode: string; reason?: string; signal?: AbortSignal },
  options: ModeChangeOptions = {},
): Promise<ModeChangeResult> {
  const room = await prisma.room.findFirst({
    where: { id: ctx.roomId, workspaceId: ctx.workspaceId },
    select: { mode: true, declaredMode: true, autonomy: true, planShell: true, agent: true, workspace: { select: { modePolicy: true } } },
  });
  if (!room) return refused("This run's room no longer exists.");
  const policy = parseStoredPolicy(room.workspace.modePolicy);
  const from = roomProfile(policy, room);
  const to = resolveProfile(policy, input.mode);
  if (!policy.agentCanSwitchMode) return refused("This workspace does not let agents switch modes.");
  if (!to || !to.selectable) {
    const ids = selectableProfiles(policy).map((p) => p.id).join(", ");
    return refused(`There is no mode "${input.mode}" to switch to. Modes: ${ids}.`);
  }
  if (from.id === to.id) return { status: "switched", approvalId: null, message: `The room is already in ${to.label} mode.` };
  if (!from.leavable) return refused(`A ${from.label} room stays in ${from.label} mode.`);

  const reason = input.reason?.trim() || null;
  // M8: the workspace's whole registry, so a switch that gains only an attached tool widens too.
  const specs = await workspaceToolSpecs(prisma, ctx.workspaceId);
  const context = { policy, specs, autonomy: room.autonomy, agentAllowlist: agentAllowlistOf(room.agent), planShell: room.planShell, transport: "harness" };
  if (widens(from, to, context)) {
    // P5: from plan mode the way out is the plan_exit gate, whatever the target.
    if (hasPlanExitGate(from)) return requestPlanExit(prisma, ctx, reason ?? undefined, { target: { id: to.id, label: to.label } });
    return durableSwitch(prisma, ctx, to, reason);
  }
  return cancelWindow(prisma, ctx, { id: to.id, label: to.label }, reason, policy.switchCancelSeconds, input.signal, options.pollMs ?? 200);
}

/** G6: a widening switch passes a durable approval, spent by the switch it allowed. */
async function durableSwitch(prisma: PrismaClient, ctx: ModeChangeContext, to: { id: string; label: string }, reason: string | null): Promise<ModeChangeResult> {
  const approved = await prisma.approval.findFirst({ where: { roomId: ctx.roomId, kind: "mode_change", status: "approved", targetMode: to.id, cancelBy: null } });
  if (approved) {
    const result = await prisma.$transaction((tx) =>
      changeRoomMode(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, to: to.id, via: "change_mode", actorId: approved.decidedById, runId: ctx.runId, spend: approved.id }),
    );
    return result.changed
      ? { status: "switched", approvalId: approved.id, message: `Approved: the room switches to ${to.label} mode from your next step.` }
      : refused("That approval was already used; ask again.");
  }
  const pending = await prisma.approval.findFirst({ where: { roomId: ctx.roomId, kind: "mode_change", status: "pending", targetMode: to.id, cancelBy: null } });
  const message = `Switching to ${to.label} mode widens what you may do, so a person must approve it; the room stays as it is until then. Call change_mode again after it is approved.`;
  if (pending) return { status: "pending", approvalId: pending.id, message };
  const created = await prisma.$transaction(async (tx) => {
    const approval = await tx.approval.create({
      data: { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, kind: "mode_change", targetMode: to.id, summary: `Switch to ${to.label} mode${reason ? `: ${reason}` : ""}` },
    });
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, type: "approval.requested", data: { approvalId: approval.id, kind: "mode_change", summary: approval.summary } });
    return approval;
  });
  return { status: "pending", approvalId: created.id, message };
}

async function cancelWindow(
  prisma: PrismaClient,
  ctx: ModeChangeContext,
  to: { id: string; label: string },
  reason: string | null,
  seconds: number,
  signal: AbortSignal | undefined,
  pollMs: number,
): Promise<ModeChangeResult> {
  const cancelBy = new Date(Date.now() + seconds * 1000);
  const approval = await prisma.$transaction(async (tx) => {
    const row = await tx.approval.create({
      data: { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, kind: "mode_change", targetMode: to.id, cancelBy, summary: `Switch to ${to.label} mode${reason ? `: ${reason}` : ""}` },
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
    changeRoomMode(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, to: to.id, via: "change_mode", actorId: decided.decidedById, runId: ctx.runId, spend: approval.id }),
  );
  return result.changed
    ? { status: "switched", approvalId: approval.id, message: `Switched: the room is in ${to.label} mode from your next step.` }
    : refused("The room changed mode another way while the switch waited; nothing was switched.");
}
