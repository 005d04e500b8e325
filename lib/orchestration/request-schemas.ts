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
