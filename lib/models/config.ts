/**
 * Which model a run talks to. Stored per agent/workspace and validated here,
 * once, so `createModel` can trust its input.
 */
import { z } from "zod";
import { scriptSchema } from "./script";

// `apiKey` is a secret: never log a ModelConfig as is; log `redactModelConfig(config)`.
const apiKey = z.string().min(1).optional();
const url = z.url({ protocol: /^https?$/ });

export const scriptedModelConfig = z.object({
  provider: z.literal("scripted"),
  model: z.string().min(1).default("scripted"),
  // No scenarios = every turn answers with the short final text.
  script: scriptSchema.default({ scenarios: [] }),
});

export const openAICompatibleModelConfig = z.object({
  provider: z.literal("openai_compatible"),
  model: z.string().min(1),
  /** e.g. http://localhost:11434/v1 (Ollama), http://localhost:8000/v1 (vLLM), https://api.openai.com/v1 */
  baseUrl: url,
  /** optional: local servers (Ollama, LM Studio) usually need none */
  apiKey,
});

export const anthropicModelConfig = z.object({
  provider: z.literal("anthropic"),
  model: z.string().min(1),
  /** defaults to ANTHROPIC_BASE_URL (https://api.anthropic.com/v1) */
  baseUrl: url.optional(),
  /** H4: exactly the key sent; without one every turn fails before any request (never read from the environment here) */
  apiKey,
});

export const modelConfig = z.discriminatedUnion("provider", [
  scriptedModelConfig,
  openAICompatibleModelConfig,
  anthropicModelConfig,
]);

export type ModelConfig = z.infer<typeof modelConfig>;
export type ModelConfigInput = z.input<typeof modelConfig>;
export type ModelProviderKind = ModelConfig["provider"];

/** A copy that is safe to log or show: the key is replaced by a marker saying whether one is set. */
export function redactModelConfig(config: ModelConfig): ModelConfig {
  if (config.provider === "scripted" || config.apiKey === undefined) return config;
  return { ...config, apiKey: "[redacted]" };
}
