import "server-only";
/**
 * P6: `decide_approval` — approve or reject a plan_exit request or a per-call
 * approval. Members and above only. Plans and orchestration proposals are
 * deliberately not decidable here (P3 in Plan Studio; O3: approving proposals
 * is reserved for people in the UI).
 */
import { decideApproval } from "../../approvals/decide-approval";
import { can } from "../../auth/permissions";
import { AppError, notFound } from "../../errors/app-error";
import { decideApprovalInput } from "../schemas";
import { MCP_DECIDABLE_KINDS } from "./list-approvals";
import { defineMcpTool } from "./types";

export const decideApprovalTool = defineMcpTool({
  name: "decide_approval",
  title: "Decide an approval",
  description:
    "Approves or rejects one pending approval of kind plan_exit (an agent asks to leave plan mode; after approval its next exit_plan_mode call switches the room to Agent mode) " +
    "or tool_call (a waiting run continues with the call, or is told it was refused). Plans are not approved here.",
  input: decideApprovalInput,
  async run({ prisma, user }, args) {
    const approval = await prisma.approval.findUnique({ where: { id: args.approvalId }, select: { id: true, kind: true, workspaceId: true } });
    const membership = approval && (await prisma.membership.findFirst({ where: { userId: user.id, workspaceId: approval.workspaceId } }));
    if (!approval || !membership) throw notFound(`Approval "${args.approvalId}"`);
    if (!can(membership.role, "write")) throw new AppError("forbidden", `As a ${membership.role} you cannot decide approvals; ask a member.`);
    if (!(MCP_DECIDABLE_KINDS as readonly string[]).includes(approval.kind)) {
      throw new AppError("unprocessable", `Approval "${approval.id}" is a ${approval.kind}; plans are approved by a person in Plan Studio, not over MCP. Nothing was changed.`);
    }
    const decided = await decideApproval(prisma, {
      workspaceId: approval.workspaceId,
      approvalId: approval.id,
      userId: user.id,
      decision: args.decision,
      comment: args.comment,
      kinds: [...MCP_DECIDABLE_KINDS],
    });
    const next =
      decided.kind === "plan_exit"
        ? decided.status === "approved"
          ? "The agent's next exit_plan_mode call switches the room to Agent mode."
          : "The room stays in plan mode; the agent may ask again with a revised plan."
        : "The waiting run continues.";
    return { approval: { id: decided.id, kind: decided.kind, status: decided.status, decidedAt: decided.decidedAt?.toISOString() ?? null }, next };
  },
});
