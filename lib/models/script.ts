/**
 * The script a scripted model plays back. Kept apart from the model itself so
 * `config.ts` can validate it without pulling in the model implementation.
 */
import { z } from "zod";

/** A `when` pattern must compile, or the scenario could never be chosen and nobody would know why. */
const pattern = z.string().refine(
  (source) => {
    try {
      new RegExp(source, "i");
      return true;
    } catch {
      return false;
    }
  },
  { message: "is not a valid regular expression" },
);

export const scriptToolCallSchema = z.object({
  name: z.string().min(1),
  // Deliberately unchecked: a script may call a tool that is not offered, or
  // with arguments that fail the tool's schema, to exercise the harness's refusals.
  args: z.unknown(),
});

export const scriptStepSchema = z
  .object({
    text: z.string().optional(),
    /**
     * Said instead of `text` when a call since the latest user message was
     * refused or failed, so a script never claims work it was refused;
     * `{refused}` becomes the names of those tools.
     */
    ifRefused: z.string().optional(),
    toolCalls: z.array(scriptToolCallSchema).optional(),
  })
  // An empty step would be an empty assistant message, which providers reject on replay.
  .refine((step) => (step.text ?? "").length > 0 || (step.toolCalls ?? []).length > 0, {
    message: "a step needs text or at least one tool call",
  });

export const scriptScenarioSchema = z.object({
  /** case-insensitive regex tested against the latest user message; absent = catch-all */
  when: pattern.optional(),
  steps: z.array(scriptStepSchema),
});

export const scriptSchema = z.object({
  scenarios: z.array(scriptScenarioSchema),
  /** pause between streamed chunks, so a UI can be seen streaming */
  chunkDelayMs: z.number().int().min(0).max(10_000).optional(),
});

export type Script = z.infer<typeof scriptSchema>;
export type ScriptScenario = z.infer<typeof scriptScenarioSchema>;
export type ScriptStep = z.infer<typeof scriptStepSchema>;
