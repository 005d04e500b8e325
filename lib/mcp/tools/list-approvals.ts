import "server-only";
/** P6: `list_approvals` — what waits for a person in the caller's workspaces. */
import { can } from "../../auth/permissions";
import { AppError } from "../../errors/app-error";
import { listApprovalsInput } from "../schemas";
import { defineMcpTool } from "./types";

/** Kinds the MCP server may decide; plans are approved by people in Plan Studio (P3). */
export const MCP_DECIDABLE_KINDS = ["plan_exit", "tool_call"] as const;

export const listApprovalsTool = defineMcpTool({
  name: "list_approvals",
  title: "List pending approvals",
  description:
    "Lists the approvals that wait for a person in your Gatehouse workspaces: plan_exit (an agent asks to leave plan mode) and tool_call " +
    "(a running agent asks to make one call). Pending plans are listed for information; they are approved in Plan Studio, not here.",
  input: listApprovalsInput,
  async run({ prisma, user }, args) {
    const memberships = await prisma.membership.findMany({
      where: { userId: user.id, ...(args.workspace ? { workspace: { slug: args.workspace } } : {}) },
      include: { workspace: { select: { id: true, slug: true, name: true } } },
    });
    if (args.workspace && memberships.length === 0) {
      throw new AppError("not_found", `You are not a member of a workspace "${args.workspace}"; call list_approvals without a workspace to see all of yours.`);
    }
    const byWorkspace = new Map(memberships.map((m) => [m.workspaceId, m]));
    const rows = await prisma.approval.findMany({
      where: { workspaceId: { in: [...byWorkspace.keys()] }, status: "pending" },
      orderBy: { createdAt: "asc" },
      take: 200,
      include: {
        room: { select: { id: true, name: true, mode: true } },
        toolCall: { select: { tool: true, args: true } },
        plan: { select: { id: true, version: true, goal: true } },
      },
    });
    const approvals = rows.map((a) => {
      const membership = byWorkspace.get(a.workspaceId)!;
      const decidable = (MCP_DECIDABLE_KINDS as readonly string[]).includes(a.kind) && can(membership.role, "write");
      return {
        id: a.id,
        kind: a.kind,
        summary: a.summary,
        workspace: membership.workspace.slug,
        room: a.room,
        runId: a.runId,
        toolCall: a.toolCall,
        plan: a.plan,
        createdAt: a.createdAt.toISOString(),
        decidable,
        ...(decidable ? {} : { why: a.kind === "plan" ? "plans are approved by a person in Plan Studio" : `as a ${membership.role} you cannot decide approvals` }),
      };
    });
    return { count: approvals.length, approvals };
  },
});
