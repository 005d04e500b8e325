/** Request bodies of the proposals and pipelines API; the same schemas feed the forms. */
import { z } from "zod";

/** O8: a person rejects a proposal with a comment the agent reads on its next turn. */
export const rejectProposalBody = z.strictObject({
  comment: z.string().trim().max(2000, "keep the comment under 2000 characters").optional(),
});
export type RejectProposalBody = z.infer<typeof rejectProposalBody>;
