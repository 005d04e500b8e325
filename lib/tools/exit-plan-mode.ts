import { z } from "zod";
import type { ToolDefinition } from "./types";

/**
 * P5: a hard approval gate, not an output verb. The first call opens a durable
 * plan_exit approval and answers "pending"; later calls stay pending and open no
 * second gate; once a person approved, the next call switches the room to chat.
 */
export const exitPlanModeTool: ToolDefinition<{ reason?: string }> = {
  name: "exit_plan_mode",
  tier: "read",
  effects: [],
  scope: "mode",
  description:
    "Ask the people in this room to let the room leave plan mode. This does not deliver a plan and implements nothing: it opens an approval request (or reports on the open one). Only after a person approves does a later call switch the room to Agent mode.",
  input: z.strictObject({ reason: z.string().trim().max(2000).optional().describe("Why the room should leave plan mode") }),
  async execute(args, ctx) {
    const result = await ctx.services.plans.requestExit({ reason: args.reason });
    return { output: { status: result.status, approvalId: result.approvalId, message: result.message } };
  },
};
