/**
 * Provider failures reject streamTurn with a ModelProviderError a person can
 * act on — the status and a short reason in our words, never the endpoint's
 * response body (H4) — and the API key appears nowhere: not in the message,
 * not in the console (ai@6's default onError would console.error the raw error).
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { z } from "zod";
import { modelConfig, redactModelConfig } from "./config";
import { createModel } from "./create-model";
import { ModelProviderError } from "./provider-error";
import { redactSecrets } from "./redact";
import { streamTurn } from "./stream-turn";
import { startWireServer, type WireServer } from "./testing/wire-server";

// Not shaped like "sk-…", so only the exact-key scrubbing in createModel can hide it.
const API_KEY = "live-SECRET-0123456789abcdef";
const tools = { read_file: { description: "Read a file", inputSchema: z.object({ path: z.string() }) } };
const messages = [{ role: "user" as const, content: "hello" }];

let server: WireServer | undefined;
let consoleSpies: MockInstance[] = [];
beforeEach(() => {
  consoleSpies = (["error", "warn", "log", "info"] as const).map((level) => vi.spyOn(console, level));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** H4: exactly the test's loopback server is an allowed model endpoint. */
function allow(origin: string) {
  vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", new URL(origin).host);
}

function openAI(origin: string) {
  allow(origin);
  return createModel(modelConfig.parse({ provider: "openai_compatible", model: "gpt-test", baseUrl: `${origin}/v1`, apiKey: API_KEY }));
}
function anthropic(origin: string) {
  allow(origin);
  return createModel(modelConfig.parse({ provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: `${origin}/v1`, apiKey: API_KEY }));
}

async function failure(promise: Promise<unknown>): Promise<ModelProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelProviderError);
  return error as ModelProviderError;
}

function expectNoKeyLogged(): void {
  for (const spy of consoleSpies) {
    for (const args of spy.mock.calls) expect(JSON.stringify(args.map(String))).not.toContain(API_KEY);
  }
}

describe("provider errors", () => {
  it("HTTP 401 from an OpenAI-compatible server: clear message, status, no key even when the server echoes it", async () => {
    server = await startWireServer(() => ({
      status: 401,
      json: {
        error: {
          message: `Incorrect API key provided: ${API_KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: "invalid_request_error",
          code: "invalid_api_key",
        },
      },
    }));
    const error = await failure(streamTurn({ model: openAI(server.origin), system: "s", messages, tools }));
    expect(error.message).toContain("HTTP 401 Unauthorized");
    expect(error.message).toContain(`${server.origin}/v1/chat/completions`);
    expect(error.message).not.toContain("Incorrect API key provided"); // H4: the body is not echoed
    expect(error.message).toContain("check the API key");
    expect(error.message).not.toContain(API_KEY);
    expect(error.message).not.toContain("SECRET");
    expect(error.statusCode).toBe(401);
    expect(error.retryable).toBe(false);
    expect(server.requests).toHaveLength(1); // 401 is not retried
    expectNoKeyLogged();
  });

  it("HTTP 401 from the Anthropic API: clear message without the key", async () => {
    server = await startWireServer(() => ({
      status: 401,
      json: { type: "error", error: { type: "authentication_error", message: `invalid x-api-key ${API_KEY}` } },
    }));
    const error = await failure(streamTurn({ model: anthropic(server.origin), system: "s", messages, tools }));
    expect(error.message).toMatch(/^Model provider anthropic\.messages \(model "claude-sonnet-4-5"\) failed: HTTP 401 Unauthorized/);
    expect(error.message).not.toContain("invalid x-api-key");
    expect(error.message).not.toContain(API_KEY);
    expectNoKeyLogged();
  });

  it("retries a 503 as the SDK does, then reports the last failure and the attempt count", async () => {
    server = await startWireServer(() => ({
      status: 503,
      headers: { "retry-after-ms": "5" },
      json: { error: { message: "The server is overloaded", type: "server_error" } },
    }));
    const error = await failure(streamTurn({ model: openAI(server.origin), system: "s", messages, tools }));
    expect(server.requests).toHaveLength(3);
    expect(error.message).toContain("failed after 3 attempts: HTTP 503 Service Unavailable");
    expect(error.message).not.toContain("The server is overloaded");
    expect(error).toMatchObject({ statusCode: 503, retryable: true });
  });

  it("connection refused: says the provider could not be reached, and where", async () => {
    const closed = await startWireServer(() => ({ status: 200, json: {} }));
    const origin = closed.origin;
    await closed.close();
    const error = await failure(streamTurn({ model: openAI(origin), system: "s", messages, tools, maxRetries: 0 }));
    expect(error.message).toContain(`could not be reached at ${origin}/v1/chat/completions`);
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(error.statusCode).toBeUndefined();
    expect(error.message).not.toContain(API_KEY);
    expectNoKeyLogged();
  });

  it("an error event in the middle of a stream rejects instead of returning a half turn", async () => {
    server = await startWireServer(() => ({
      sse: [
        { data: { id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content: "Hal" }, finish_reason: null }] } },
        { data: { error: { message: `upstream failed for key ${API_KEY}`, type: "server_error" } } },
      ],
    }));
    const error = await failure(streamTurn({ model: openAI(server.origin), system: "s", messages, tools }));
    expect(error.message).toContain("the provider reported an error");
    expect(error.message).not.toContain("upstream failed");
    expect(error.message).not.toContain(API_KEY);
    expectNoKeyLogged();
  });
});

describe("secret hygiene helpers", () => {
  it("redactModelConfig hides the key", () => {
    const config = modelConfig.parse({ provider: "openai_compatible", model: "m", baseUrl: "http://localhost:11434/v1", apiKey: API_KEY });
    expect(JSON.stringify(redactModelConfig(config))).not.toContain(API_KEY);
    expect(config).toMatchObject({ apiKey: API_KEY }); // the original is untouched
  });

  it("redactSecrets removes known keys and credential-shaped strings", () => {
    expect(redactSecrets("key abc123XYZ!", ["abc123XYZ!"])).toBe("key [redacted]");
    expect(redactSecrets("Authorization: Bearer eyJhbGciOi.x.y")).toBe("Authorization: Bearer [redacted]");
    expect(redactSecrets("provided: sk-proj-ab******yz.")).toBe("provided: [redacted].");
    expect(redactSecrets("http://me:hunter2@host/v1?api_key=zzz&x=1")).toBe("http://[redacted]@host/v1?api_key=[redacted]&x=1");
  });
});
