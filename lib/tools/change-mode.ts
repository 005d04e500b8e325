import { z } from "zod";
import type { ToolDefinition } from "./types";

/**
 * X4: the agent asks to switch the room's mode. It is a meta-tool, on the
 * surface only where the workspace lets agents switch (the surface decides,
 * lib/modes/surface.ts). A narrowing switch shows people a confirmation bar and
 * applies when the cancel window passes; one that widens what the agent may do
 * waits for a person's durable approval (G6) — the run parks until they decide;
 * leaving plan mode that way is the plan_exit gate (P5). The switch applies
 * from the run's next step.
 */
export const changeModeTool: ToolDefinition<{ mode: string; reason?: string }> = {
  name: "change_mode",
  tier: "read",
  effects: [],
  scope: "meta",
  description:
    "Ask to switch this room to another mode; your instructions list the modes this room can switch to. People in the room see the request and can cancel it for a few seconds; " +
    "a switch that would let you do more (a writable worktree, more tools) waits for a person's approval instead, and the answer comes when they decide. " +
    "The answer says whether the room switched; if it did, your next step runs in the new mode.",
  input: z.strictObject({
    mode: z.string().trim().min(1).max(40).describe("The id of the mode to switch to, as listed in your instructions"),
    reason: z.string().trim().max(2000).optional().describe("Why the room should switch; people see it"),
  }),
  async execute(args, ctx) {
    const result = await ctx.services.modes.requestChange({ mode: args.mode, reason: args.reason, signal: ctx.signal, callId: ctx.callId });
    // G6: a widening switch waits for the person; their decision is this call's answer, and the run goes on.
    if (result.status === "pending" && result.waits && result.approvalId) return { suspend: { kind: "approval", approvalId: result.approvalId } };
    return { output: result, isError: result.status === "refused" || result.status === "cancelled" };
  },
};
