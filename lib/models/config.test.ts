import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { modelConfig } from "./config";
import { createModel } from "./create-model";
import { ModelProviderError } from "./provider-error";
import { streamTurn } from "./stream-turn";

describe("modelConfig", () => {
  it("requires baseUrl for openai_compatible but not for anthropic", () => {
    expect(modelConfig.safeParse({ provider: "openai_compatible", model: "llama3.1" }).success).toBe(false);
    expect(
      modelConfig.safeParse({ provider: "openai_compatible", model: "llama3.1", baseUrl: "http://localhost:11434/v1" }).success,
    ).toBe(true);
    expect(modelConfig.safeParse({ provider: "anthropic", model: "claude-sonnet-4-5" }).success).toBe(true);
    expect(modelConfig.safeParse({ provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: "not a url" }).success).toBe(false);
    expect(modelConfig.safeParse({ provider: "gemini", model: "x" }).success).toBe(false);
  });

  it("defaults a scripted config to an empty script", () => {
    expect(modelConfig.parse({ provider: "scripted" })).toEqual({ provider: "scripted", model: "scripted", script: { scenarios: [] } });
  });

  it("validation errors do not echo the apiKey", () => {
    const apiKey = "secret-value-0123456789";
    const result = modelConfig.safeParse({ provider: "openai_compatible", model: 7, apiKey, baseUrl: "ftp://x" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["model", "baseUrl"]);
    expect(JSON.stringify(result.error)).not.toContain(apiKey);
    expect(result.error?.message).not.toContain(apiKey);
  });
});

describe("createModel", () => {
  it("builds each provider's chat model", () => {
    expect(createModel(modelConfig.parse({ provider: "scripted" }))).toMatchObject({
      specificationVersion: "v3",
      provider: "gatehouse.scripted",
      modelId: "scripted",
    });
    expect(
      createModel(modelConfig.parse({ provider: "openai_compatible", model: "qwen2.5-coder", baseUrl: "http://localhost:8000/v1" })),
    ).toMatchObject({ specificationVersion: "v3", provider: "openai-compatible.chat", modelId: "qwen2.5-coder" });
    expect(createModel(modelConfig.parse({ provider: "anthropic", model: "claude-sonnet-4-5" }))).toMatchObject({
      specificationVersion: "v3",
      provider: "anthropic.messages",
      modelId: "claude-sonnet-4-5",
    });
  });

  it("an anthropic model with no key anywhere fails the turn with a clear message, before any request", async () => {
    vi.stubEnv("ANTHROPIC_API_KEY", undefined);
    vi.stubEnv("ANTHROPIC_AUTH_TOKEN", undefined);
    try {
      // The port is never contacted: the key is checked first.
      const model = createModel(modelConfig.parse({ provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: "http://127.0.0.1:9/v1" }));
      const turn = streamTurn({
        model,
        system: "s",
        messages: [{ role: "user", content: "hi" }],
        tools: { t: { description: "t", inputSchema: z.object({}) } },
        maxRetries: 0,
      });
      await expect(turn).rejects.toBeInstanceOf(ModelProviderError);
      await expect(turn).rejects.toThrow(/has no API key: .*ANTHROPIC_API_KEY/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
