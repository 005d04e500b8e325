import { decideApproval } from "@/lib/approvals/decide-approval";
import { decideApprovalBody } from "@/lib/rooms/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** Decide an approval: per-call confirmations (G4) and plan_exit gates (P5, P6); plans are decided in Plan Studio (P3). */
export const POST = withWorkspace<{ workspace: string; approvalId: string }>(
  async ({ req, prisma, workspace, user, params }) => {
    const body = await readJson(req, decideApprovalBody);
    const approval = await decideApproval(prisma, { workspaceId: workspace.id, approvalId: params.approvalId, userId: user.id, ...body, kinds: ["tool_call", "plan_exit", "mode_change"] });
    return Response.json({ approval: { id: approval.id, status: approval.status, kind: approval.kind } });
  },
  { permission: "write" },
);
