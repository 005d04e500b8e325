/** Request bodies of the plans API (P3, A7); the same schemas feed Plan Studio's forms. */
import { z } from "zod";

/** P3: a person approves or rejects one plan version, optionally with a comment. */
export const decidePlanBody = z.strictObject({
  decision: z.enum(["approve", "reject"], { error: 'decision must be "approve" or "reject"' }),
  comment: z.string().trim().max(2000, "keep the comment under 2000 characters").optional(),
});
export type DecidePlanBody = z.infer<typeof decidePlanBody>;

/** A7: enter or leave plan mode over the API, as a person would with the dropdown (P6). */
export const planModeBody = z.strictObject({
  enter: z.boolean({ error: "enter must be true (enter plan mode) or false (leave it for Agent mode)" }),
});
export type PlanModeBody = z.infer<typeof planModeBody>;
