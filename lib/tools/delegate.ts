/**
 * delegate (A6): hands a sub-task to a sub-agent, optionally another agent of
 * the workspace. Read tier — it changes nothing itself — with the "delegate"
 * effect, so it is on the surface only where the profile allows delegation.
 * The child runs in this room under this run's ceiling; its final answer comes
 * back as this call's result.
 */
import { z } from "zod";
import { ToolError, type ToolDefinition } from "./types";

const input = z.strictObject({
  task: z.string().min(1).max(8000).describe("The sub-task, self-contained: the sub-agent sees only this text."),
  agent: z.string().min(1).max(100).optional().describe("Name of another agent of this workspace to run it; default: yourself."),
});

export type DelegateInput = z.infer<typeof input>;

export const delegateTool: ToolDefinition<DelegateInput> = {
  name: "delegate",
  tier: "read",
  effects: ["delegate"],
  scope: "general",
  description:
    "Hand a self-contained sub-task to a sub-agent and wait for its answer, which comes back as this call's result. " +
    "The sub-agent works in this room with at most your own tools and permissions; `agent` picks another agent of the workspace. " +
    "Depth and number of sub-agents are limited.",
  input,
  async execute(args, ctx) {
    if (!ctx.callId) throw new ToolError("delegate needs a recorded call to answer");
    const { childRunId } = await ctx.services.subagents.start({ callId: ctx.callId, task: args.task, agent: args.agent });
    return { suspend: { kind: "subagent", childRunId, task: args.task } };
  },
};
