/** Request bodies of the proposals and pipelines API; the same schemas feed the forms. */
import { z } from "zod";

/** O8: a person rejects a proposal with a comment the agent reads on its next turn. */
export const rejectProposalBody = z.strictObject({
  comment: z.string().trim().max(2000, "keep the comment under 2000 characters").optional(),
});
export type RejectProposalBody = z.infer<typeof rejectProposalBody>;

/** S2, S3: a person controls a pipeline; "retry" with a key retries that failed step and the steps behind it. */
export const controlPipelineBody = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("pause") }),
  z.strictObject({ action: z.literal("resume") }),
  z.strictObject({ action: z.literal("cancel") }),
  z.strictObject({ action: z.literal("retry"), key: z.string().min(1, "name the step to retry").max(64).optional() }),
], { error: 'action must be "pause", "resume", "cancel" or "retry"' });
export type ControlPipelineBody = z.infer<typeof controlPipelineBody>;

/** O6: a person raises a project's budget; omitted limits stay as they are. */
export const raiseBudgetBody = z
  .strictObject({
    maxRuns: z.int("maxRuns must be a whole number").min(1).max(1000).optional(),
    maxMinutes: z.int("maxMinutes must be a whole number").min(1).max(24 * 60).optional(),
    maxTokens: z.int("maxTokens must be a whole number").min(1).max(1_000_000_000).optional(),
  })
  .refine((b) => b.maxRuns !== undefined || b.maxMinutes !== undefined || b.maxTokens !== undefined, { message: "name at least one limit to raise: maxRuns, maxMinutes or maxTokens" });
export type RaiseBudgetBody = z.infer<typeof raiseBudgetBody>;

/** O7: a person settles a ticket in review despite its verdict; the reason is required and kept. */
export const overrideTicketBody = z.strictObject({
  reason: z.string({ error: "give a reason for the override" }).trim().min(3, "give a reason for the override (at least 3 characters)").max(2000, "keep the reason under 2000 characters"),
});
export type OverrideTicketBody = z.infer<typeof overrideTicketBody>;
