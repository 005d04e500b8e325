import "server-only";
/**
 * A person decides an approval (G4 per-call confirmations, P5 plan_exit).
 * The decision is a conditional update on a pending row, so two people
 * deciding at once get one decision and one clear 409 — never two. A decided
 * per-call approval queues its run to continue, in the same transaction.
 */
import type { ApprovalKind, PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { advanceRunJob, enqueueJob } from "../queue/enqueue-job";

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
    await tx.auditEvent.create({
      data: {
        workspaceId: input.workspaceId,
        actorId: input.userId,
        action: `approval.${status}`,
        targetType: "approval",
        targetId: approval.id,
        data: { kind: approval.kind, comment: input.comment ?? null },
      },
    });
    await recordEvent(tx, {
      workspaceId: input.workspaceId,
      roomId: approval.roomId,
      runId: approval.runId,
      type: "approval.decided",
      data: { approvalId: approval.id, kind: approval.kind, status, by: input.userId },
    });
    return tx.approval.findUniqueOrThrow({ where: { id: approval.id } });
  });
}
