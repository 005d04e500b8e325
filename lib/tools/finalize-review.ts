import { z } from "zod";
import type { ToolDefinition } from "./types";

/** R11: mirrors ReviewCoverage (lib/reviews/schemas.ts), kept here so tools need not import the reviews domain. */
const coverage = z.strictObject({
  complete: z.boolean(),
  unread: z.array(z.strictObject({ path: z.string().min(1).max(1024), reason: z.string().min(1).max(300) })).max(500),
});

/** R5, R6, R11: publishes the review; the platform — not the agent — forms the verdict. Never required. */
export const finalizeReviewTool: ToolDefinition<{ summary?: string; coverage?: z.infer<typeof coverage> }> = {
  name: "finalize_review",
  tier: "write",
  effects: ["review_write"],
  scope: "mode",
  description:
    "Publish the review of this pull request with an optional summary. The verdict (ship, hold or block) is formed from the recorded findings and the repository's gate results, not chosen by you. " +
    "State your coverage: `complete` false with the files (or parts) you could not read and why (binary, past the size limit) — an incomplete review holds until a person accepts the gap.",
  input: z.strictObject({ summary: z.string().trim().max(8000).optional(), coverage: coverage.optional() }),
  async execute(args, ctx) {
    const { verdict, explanation } = await ctx.services.reviews.finalize(args);
    return { output: { verdict, explanation } };
  },
};
