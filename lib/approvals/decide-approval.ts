import "server-only";
/**
 * A person decides an approval (G4 per-call confirmations, P5 plan_exit, G6
 * and G8 durable mode switches). The decision is a conditional update on a
 * pending row, so two people deciding at once get one decision and one clear
 * 409 — never two. A decided per-call approval queues its run to continue, in
 * the same transaction. Approving a durable switch applies it there and then
 * through the one mode transition, and an agent parked on it goes on (X4).
 * H3, H5: the decider's role is read in the deciding transaction and held
 * until it commits, so a person removed or demoted while their decision is in
 * flight — from the app or through an MCP token — never decides with the
 * role they lost.
 */
import { recordAudit } from "../audit/record-audit";
import type { Approval, ApprovalKind, Prisma as Db, PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { holdAuthority } from "../grants/hold-authority";
import { assertCan } from "../workspaces/actor";
import { AGENT_MODE_ID } from "../modes/profiles";
import { advanceRunJob, enqueueJob } from "../queue/enqueue-job";
import { answerWaitingSwitch } from "../rooms/answer-waiting-switch";
import { changeRoomMode } from "../rooms/change-room-mode";

export interface DecideApprovalInput {
  workspaceId: string;
  approvalId: string;
  userId: string;
  decision: "approve" | "reject";
  comment?: string;
  /** which kinds this caller may decide (the MCP server excludes none it exposes) */
  kinds?: ApprovalKind[];
}

export async function decideApproval(prisma: PrismaClient, input: DecideApprovalInput) {
  const approval = await prisma.approval.findFirst({ where: { id: input.approvalId, workspaceId: input.workspaceId } });
  if (!approval) throw notFound("That approval");
  // O6: a budget item is settled by raising the project's budget or stopping its pipeline, not by a yes/no.
  if (approval.kind === "budget") {
    throw new AppError("unprocessable", "A budget item is settled on its pipeline: raise the project's budget there, or cancel the pipeline.");
  }
  if (input.kinds && !input.kinds.includes(approval.kind)) {
    throw new AppError("unprocessable", `Approvals of kind ${approval.kind} cannot be decided here.`);
  }
  return prisma.$transaction(async (tx) => {
    const role = await holdAuthority(tx, { workspaceId: input.workspaceId, userId: input.userId });
    // No longer a member reads like any approval of a workspace that is not theirs.
    if (!role) throw notFound("That approval");
    assertCan({ workspaceId: input.workspaceId, userId: input.userId, role }, "write");
    const status = input.decision === "approve" ? "approved" : "rejected";
    const { count } = await tx.approval.updateMany({
      where: { id: approval.id, status: "pending" },
      data: { status, decidedById: input.userId, decidedAt: new Date(), comment: input.comment ?? null },
    });
    if (count === 0) {
      const current = await tx.approval.findUniqueOrThrow({ where: { id: approval.id }, select: { status: true } });
      throw new AppError("conflict", `This approval was already decided (${current.status}); nothing was changed.`);
    }
    if (approval.kind === "tool_call" && approval.runId) await enqueueJob(tx, advanceRunJob(approval.runId));
    // X4, G6, G8: a durable switch request is the person's decision on the switch itself.
    const settled = approval.kind === "mode_change" && approval.cancelBy === null && approval.roomId ? await decideSwitch(tx, { ...approval, roomId: approval.roomId }, input) : status;
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actorId: input.userId,
      action: `approval.${status}`,
      targetType: "approval",
      targetId: approval.id,
      data: { kind: approval.kind, comment: input.comment ?? null, ...(settled !== status ? { outcome: settled } : {}) },
    });
    await recordEvent(tx, {
      workspaceId: input.workspaceId,
      roomId: approval.roomId,
      runId: approval.runId,
      type: "approval.decided",
      data: { approvalId: approval.id, kind: approval.kind, status: settled, by: input.userId },
    });
    return tx.approval.findUniqueOrThrow({ where: { id: approval.id } });
  });
}

/**
 * Applies (or declines) a durable switch in the deciding transaction. A switch
 * the room can no longer make — the policy changed the target since it was
 * asked (another version, disabled, removed) — is refused rather than applied
 * to something nobody approved. Returns the approval's final status.
 */
async function decideSwitch(tx: Db.TransactionClient, approval: Approval & { roomId: string }, input: DecideApprovalInput): Promise<string> {
  if (input.decision === "reject") {
    const why = input.comment ? ` (${input.comment})` : "";
    await answerWaitingSwitch(tx, approval.id, { status: "cancelled", message: `A person declined the switch${why}; the mode is unchanged. Carry on in the current mode or ask them why.` });
    return "rejected";
  }
  const refuse = async (why: string) => {
    await tx.approval.update({ where: { id: approval.id }, data: { status: "refused", comment: why } });
    await answerWaitingSwitch(tx, approval.id, { status: "refused", message: `${why} Nothing was switched; ask again if you still need it.` });
    return "refused";
  };
  try {
    const result = await changeRoomMode(tx, {
      workspaceId: approval.workspaceId,
      roomId: approval.roomId,
      to: approval.targetMode ?? AGENT_MODE_ID,
      // A request an agent made from a run is its change_mode; one nobody's run made is a policy edit's (G8).
      via: approval.runId || approval.toolCallId ? "change_mode" : "policy",
      actorId: input.userId,
      runId: approval.runId,
      spend: approval.id,
      version: approval.targetVersion,
    });
    if (!result.changed && result.why === "stale") return refuse(`The workspace's ${result.to.label} mode changed after this was asked.`);
    await answerWaitingSwitch(tx, approval.id, { status: "switched", message: `Approved: the room is in ${result.to.label} mode from your next step.` });
    return "applied";
  } catch (error) {
    if (error instanceof AppError && error.code === "unprocessable") return refuse(error.message);
    throw error;
  }
}
