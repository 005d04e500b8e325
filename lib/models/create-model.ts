/**
 * The one place a ModelConfig becomes a LanguageModelV3. Everything
 * downstream (streamTurn, the harness) is provider-agnostic.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { env } from "../config/env";
import type { ModelConfig } from "./config";
import { createScriptedModel } from "./scripted-model";
import { withSecretsRedacted } from "./secret-guard";

/** Provider name for OpenAI-compatible servers; becomes the model's `provider` ("openai-compatible.chat"). */
export const OPENAI_COMPATIBLE_NAME = "openai-compatible";

export function createModel(config: ModelConfig): LanguageModelV3 {
  switch (config.provider) {
    case "scripted":
      return createScriptedModel(config.script, config.model);
    case "openai_compatible": {
      const provider = createOpenAICompatible({
        name: OPENAI_COMPATIBLE_NAME,
        baseURL: config.baseUrl,
        apiKey: config.apiKey,
        // Asks for stream_options.include_usage so streamed turns report token usage
        // (OpenAI, vLLM, Ollama and LM Studio all accept it).
        includeUsage: true,
      });
      return withSecretsRedacted(provider.chatModel(config.model), [config.apiKey]);
    }
    case "anthropic": {
      const provider = createAnthropic({ baseURL: config.baseUrl, apiKey: config.apiKey });
      // Without a configured key the SDK reads ANTHROPIC_API_KEY, so guard that one too.
      return withSecretsRedacted(provider.languageModel(config.model), [
        config.apiKey,
        env().ANTHROPIC_API_KEY,
      ]);
    }
  }
}
