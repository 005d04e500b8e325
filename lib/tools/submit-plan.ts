import { submitPlanInput, type SubmitPlanInput } from "../plans/schemas";
import { validatePlan } from "../plans/validate-plan";
import type { ToolDefinition } from "./types";

/**
 * P1, G1: plan mode's output verb — pinned, pre-approved, never silenced by the
 * dial. The shape is checked by the harness against `submitPlanInput`; the graph
 * (duplicate keys, unknown dependencies, cycles) by validatePlan, whose messages
 * name the offending keys so the agent can correct itself.
 */
export const submitPlanTool: ToolDefinition<SubmitPlanInput> = {
  name: "submit_plan",
  tier: "read",
  effects: [],
  scope: "mode",
  description:
    "Deliver your plan: a goal plus a dependency graph of steps (each with a unique key, a title, a description and the keys it depends on). " +
    "The plan exists only once this call succeeds; people then review and approve it. Submitting again creates a new version.",
  input: submitPlanInput,
  async execute(args, ctx) {
    const checked = validatePlan(args);
    if (!checked.ok) {
      return { output: `The plan was not accepted. Fix these and submit again:\n- ${checked.errors.join("\n- ")}`, isError: true };
    }
    const { planId, version } = await ctx.services.plans.submit(checked.plan);
    return {
      output: `Plan v${version} submitted (${planId}) with ${checked.plan.nodes.length} steps. It now waits for a person's approval; nothing runs until then.`,
    };
  },
};
