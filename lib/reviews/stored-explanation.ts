/**
 * `Review.explanation` as stored (R5: the rules that made a verdict and the
 * axis table under it), parsed where it is read. A field of a shape this build
 * does not know reads as absent, so an old review still shows its verdict.
 */
import { z } from "zod";
import { axisStatus, reviewCoverage, verdict } from "./schemas";

const verdictRule = z.object({ rule: z.string(), effect: verdict, text: z.string() });
const axisTableRow = z.object({
  axis: z.string(),
  gated: z.boolean(),
  declared: z.boolean(),
  status: z.union([axisStatus, z.literal("missing")]),
  detail: z.string().optional(),
  source: z.string().optional(),
});

export const storedExplanation = z.object({
  rules: z.array(verdictRule).optional().catch(undefined),
  axisTable: z.array(axisTableRow).optional().catch(undefined),
  trigger: z.enum(["finalize", "axes", "check_run", "finding", "coverage", "settings"]).optional().catch(undefined),
  threshold: z.number().optional().catch(undefined),
  axesError: z.string().optional().catch(undefined),
  findings: z.number().int().optional().catch(undefined),
  /** R11: what the review read, and who accepted the gap at this head */
  coverage: reviewCoverage.optional().catch(undefined),
  gapAcceptedBy: z.string().optional().catch(undefined),
});
export type StoredExplanation = z.infer<typeof storedExplanation>;

export function readExplanation(stored: unknown): StoredExplanation {
  const parsed = storedExplanation.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
}
