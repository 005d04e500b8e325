import { z } from "zod";
import type { ToolDefinition } from "./types";

/** R5, R6: publishes the review; the platform — not the agent — forms the verdict. Never required. */
export const finalizeReviewTool: ToolDefinition<{ summary?: string }> = {
  name: "finalize_review",
  tier: "write",
  effects: ["review_write"],
  scope: "mode",
  description:
    "Publish the review of this pull request with an optional summary. The verdict (ship, hold or block) is formed from the recorded findings and the repository's gate results, not chosen by you.",
  input: z.strictObject({ summary: z.string().trim().max(8000).optional() }),
  async execute(args, ctx) {
    const { verdict, explanation } = await ctx.services.reviews.finalize(args);
    return { output: { verdict, explanation } };
  },
};
