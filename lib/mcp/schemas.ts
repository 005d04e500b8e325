/**
 * P6: input schemas of the token API and of the MCP tools. The MCP server
 * hands the tool schemas to its clients, so every field says what it is.
 */
import { z } from "zod";

export const createMcpTokenBody = z.strictObject({
  name: z.string().trim().min(1, "give the token a name, e.g. the client that will use it").max(80, "use at most 80 characters"),
});
export type CreateMcpTokenBody = z.infer<typeof createMcpTokenBody>;

const id = (what: string) => z.string().trim().min(1, `${what} must not be empty`).max(64, `${what} is at most 64 characters`);

export const listApprovalsInput = z.strictObject({
  workspace: z.string().trim().min(1).max(64).optional().describe("Only this workspace (its slug, e.g. \"demo\"); all your workspaces when absent."),
});

export const getPlanInput = z.strictObject({
  planId: id("planId").describe("Id of the plan version, as list_approvals or the room shows it."),
});

export const decideApprovalInput = z.strictObject({
  approvalId: id("approvalId").describe("Id of a pending approval from list_approvals."),
  decision: z.enum(["approve", "reject"]).describe("approve lets the agent go on (or leave plan mode); reject refuses."),
  comment: z.string().trim().max(2000).optional().describe("Why, for the people in the room and the audit log."),
});
