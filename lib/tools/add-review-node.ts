import { z } from "zod";
import type { ToolDefinition } from "./types";

/**
 * R2, R4: the argument schema is deliberately permissive — the read boundary
 * (lib/reviews/read-finding.ts, behind services.reviews.addNode) decides what
 * counts, so a finding with a missing or out-of-range priority or confidence is
 * dropped *and recorded* instead of vanishing as a rejected tool call.
 */
const addReviewNodeInput = z.looseObject({
  kind: z.unknown().describe('One of "bug", "suggestion", "recommendation", "question", "ticket"'),
  priority: z.unknown().describe('"P0" (blocks release), "P1", "P2" or "P3" (nice to have)'),
  confidence: z.unknown().describe("Your confidence that this is right, a number from 0 to 1"),
  title: z.unknown().describe("One line naming the problem"),
  body: z.unknown().describe("What is wrong, why it matters, and how to fix it (Markdown)"),
  suggestion: z.unknown().optional().describe("Optional replacement text for the anchored lines"),
  anchor: z
    .unknown()
    .optional()
    .describe("Optional { file, startLine, endLine } in the pull request's head; omit for repository-wide notes"),
});

export const addReviewNodeTool: ToolDefinition<z.infer<typeof addReviewNodeInput>> = {
  name: "add_review_node",
  tier: "write",
  effects: ["review_write"],
  scope: "mode",
  description:
    "Record one review finding on this pull request: kind, priority P0–P3, confidence 0–1, title, body, and optionally an anchor and a suggested change. A finding with a missing or out-of-range priority or confidence is dropped.",
  input: addReviewNodeInput,
  async execute(args, ctx) {
    const result = await ctx.services.reviews.addNode(args);
    if ("dropped" in result) return { output: `Finding dropped at the read boundary: ${result.dropped}`, isError: true };
    switch (result.status) {
      case "kept":
        return { output: `Already recorded as ${result.findingId}; kept with its state and history.` };
      case "reopened":
        return { output: `It had been resolved; reopened as ${result.findingId}.` };
      case "suppressed":
        return { output: `Not recorded: a person dismissed this finding earlier (${result.findingId}), so it is not raised again.` };
      default:
        return { output: `Finding recorded (${result.findingId}).` };
    }
  },
};
