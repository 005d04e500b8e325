/**
 * The one place a ModelConfig becomes a LanguageModelV3. Everything
 * downstream (streamTurn, the harness) is provider-agnostic.
 *
 * H4: provider requests go through the guarded fetch (loopback and private
 * endpoints only where the operator allows them), and the key a provider sends
 * is exactly the one in the config: the Anthropic SDK's own fallback to the
 * ANTHROPIC_API_KEY environment variable is never reached, because a config
 * without a key gets a model that fails before any request.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { LoadAPIKeyError, wrapLanguageModel } from "ai";
import { env } from "../config/env";
import type { ModelConfig } from "./config";
import { modelFetch } from "./model-network";
import { createScriptedModel } from "./scripted-model";
import { withSecretsRedacted } from "./secret-guard";

/** Provider name for OpenAI-compatible servers; becomes the model's `provider` ("openai-compatible.chat"). */
export const OPENAI_COMPATIBLE_NAME = "openai-compatible";

/** A model that refuses every turn, before any request, saying which key is missing. */
function withoutKey(model: LanguageModelV3, message: string): LanguageModelV3 {
  const fail = () => {
    throw new LoadAPIKeyError({ message });
  };
  return wrapLanguageModel({
    model,
    middleware: { specificationVersion: "v3", wrapGenerate: async () => fail(), wrapStream: async () => fail() },
  });
}

export function createModel(config: ModelConfig): LanguageModelV3 {
  switch (config.provider) {
    case "scripted":
      return createScriptedModel(config.script, config.model);
    case "openai_compatible": {
      const provider = createOpenAICompatible({
        name: OPENAI_COMPATIBLE_NAME,
        baseURL: config.baseUrl,
        apiKey: config.apiKey,
        fetch: modelFetch() as typeof globalThis.fetch,
        // Asks for stream_options.include_usage so streamed turns report token usage
        // (OpenAI, vLLM, Ollama and LM Studio all accept it).
        includeUsage: true,
      });
      return withSecretsRedacted(provider.chatModel(config.model), [config.apiKey]);
    }
    case "anthropic": {
      const baseURL = config.baseUrl ?? env().ANTHROPIC_BASE_URL;
      // A placeholder key keeps the SDK from reading the environment; withoutKey means it is never sent.
      const provider = createAnthropic({ baseURL, apiKey: config.apiKey ?? "unset", fetch: modelFetch() as typeof globalThis.fetch });
      const model = provider.languageModel(config.model);
      if (!config.apiKey) {
        return withoutKey(model, `No Anthropic API key is configured for ${baseURL}: set ANTHROPIC_API_KEY for the server's endpoint, or give the agent its own key.`);
      }
      return withSecretsRedacted(model, [config.apiKey]);
    }
  }
}
