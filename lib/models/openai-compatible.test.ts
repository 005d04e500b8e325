/**
 * createModel({ provider: "openai_compatible" }) against a local server that
 * speaks the real Chat Completions streaming protocol (as OpenAI, Ollama,
 * vLLM and LM Studio do), through streamTurn.
 */
import type { ModelMessage } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { modelConfig } from "./config";
import { createModel } from "./create-model";
import { streamTurn, toolResultMessage } from "./stream-turn";
import { startWireServer, type SseEvent, type WireServer } from "./testing/wire-server";

const API_KEY = "sk-test-0123456789abcdef";
const SYSTEM = "You are in Build mode. Only use the tools offered.";
const tools = {
  read_file: {
    description: "Read a file from the worktree",
    inputSchema: z.object({ path: z.string().describe("path relative to the worktree root") }),
  },
  search: { description: "Search the worktree", inputSchema: z.object({ query: z.string() }) },
};

/** One `chat.completion.chunk` event, shaped as OpenAI sends it. */
function chunk(delta: Record<string, unknown>, finishReason: string | null = null): SseEvent {
  return {
    data: {
      id: "chatcmpl-test",
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model: "gpt-test",
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    },
  };
}
const usageChunk = (prompt: number, completion: number): SseEvent => ({
  data: {
    id: "chatcmpl-test",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "gpt-test",
    choices: [],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  },
});
const DONE: SseEvent = { data: "[DONE]" };

let server: WireServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.unstubAllEnvs();
});

function modelFor(origin: string) {
  // H4: exactly this loopback server is an allowed model endpoint.
  vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", new URL(origin).host);
  return createModel(
    modelConfig.parse({ provider: "openai_compatible", model: "gpt-test", baseUrl: `${origin}/v1`, apiKey: API_KEY }),
  );
}

describe("OpenAI-compatible provider over the wire", () => {
  it("sends the system prompt and tool JSON schemas, streams text, and parses tool calls split across chunks", async () => {
    let sawFirstDelta!: () => void;
    const firstDeltaSeen = new Promise<void>((resolve) => (sawFirstDelta = resolve));
    server = await startWireServer(() => ({
      sse: [
        chunk({ role: "assistant", content: "" }),
        chunk({ content: "Let me " }),
        chunk({ content: "look." }),
        chunk({ tool_calls: [{ index: 0, id: "call_abc", type: "function", function: { name: "read_file", arguments: "" } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '{"pa' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: 'th": "READ' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: 'ME.md"}' } }] }),
        chunk({ tool_calls: [{ index: 1, id: "call_def", type: "function", function: { name: "delete_files", arguments: '{"paths":' } }] }),
        chunk({ tool_calls: [{ index: 1, function: { arguments: '["a"]}' } }] }),
        chunk({}, "tool_calls"),
        usageChunk(42, 17),
        DONE,
      ],
      // Hold the stream after the first text until the client has surfaced it: proves deltas arrive live.
      pauses: { 2: firstDeltaSeen },
    }));

    const deltas: string[] = [];
    const messages: ModelMessage[] = [{ role: "user", content: "What does the README say?" }];
    const turn = await streamTurn({
      model: modelFor(server.origin),
      system: SYSTEM,
      messages,
      tools,
      onTextDelta: (delta) => {
        deltas.push(delta);
        sawFirstDelta();
      },
    });

    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body).toMatchObject({
      model: "gpt-test",
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: "system", content: SYSTEM },
        { role: "user", content: "What does the README say?" },
      ],
      tools: [
        {
          type: "function",
          function: {
            name: "read_file",
            description: "Read a file from the worktree",
            parameters: {
              type: "object",
              properties: { path: { type: "string", description: "path relative to the worktree root" } },
              required: ["path"],
              additionalProperties: false,
            },
          },
        },
        {
          type: "function",
          function: {
            name: "search",
            description: "Search the worktree",
            parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
          },
        },
      ],
    });

    expect(deltas).toEqual(["Let me ", "look."]);
    expect(turn.text).toBe("Let me look.");
    expect(turn.finishReason).toBe("tool-calls");
    expect(turn.usage).toEqual({ inputTokens: 42, outputTokens: 17 });
    expect(turn.toolCalls).toEqual([
      { toolCallId: "call_abc", toolName: "read_file", input: { path: "README.md" } },
      {
        toolCallId: "call_def",
        toolName: "delete_files",
        input: { paths: ["a"] },
        invalidReason: 'tool "delete_files" does not exist (tools offered: read_file, search)',
      },
    ]);
  });

  it("replays responseMessages and tool results in the wire format the next request needs", async () => {
    server = await startWireServer((_request, index) =>
      index === 0
        ? {
            sse: [
              chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "search", arguments: '{"query":"TODO"}' } }] }),
              chunk({}, "tool_calls"),
              DONE,
            ],
          }
        : { sse: [chunk({ role: "assistant", content: "No TODOs left." }), chunk({}, "stop"), usageChunk(80, 5), DONE] },
    );
    const model = modelFor(server.origin);
    const messages: ModelMessage[] = [{ role: "user", content: "Any TODOs?" }];
    const first = await streamTurn({ model, system: SYSTEM, messages, tools });
    expect(first.usage).toEqual({ inputTokens: undefined, outputTokens: undefined });

    const next: ModelMessage[] = [
      ...messages,
      ...first.responseMessages,
      toolResultMessage([{ toolCallId: "call_1", toolName: "search", output: { matches: [] } }]),
    ];
    const second = await streamTurn({ model, system: SYSTEM, messages: next, tools });
    expect(second).toMatchObject({ text: "No TODOs left.", toolCalls: [], finishReason: "stop" });

    expect(server.requests[1]?.body).toMatchObject({
      messages: [
        { role: "system", content: SYSTEM },
        { role: "user", content: "Any TODOs?" },
        {
          role: "assistant",
          tool_calls: [{ id: "call_1", type: "function", function: { name: "search", arguments: '{"query":"TODO"}' } }],
        },
        { role: "tool", tool_call_id: "call_1", content: '{"matches":[]}' },
      ],
    });
  });

  it("T1: arguments that are not JSON come back as an invalid call rather than an exception", async () => {
    server = await startWireServer(() => ({
      sse: [
        chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_bad", type: "function", function: { name: "read_file", arguments: '{"path": ' } }] }),
        chunk({}, "tool_calls"),
        DONE,
      ],
    }));
    const turn = await streamTurn({
      model: modelFor(server.origin),
      system: SYSTEM,
      messages: [{ role: "user", content: "read it" }],
      tools,
    });
    expect(turn.toolCalls).toEqual([
      { toolCallId: "call_bad", toolName: "read_file", input: '{"path": ', invalidReason: 'arguments for "read_file" are not valid JSON' },
    ]);
    // The assistant message still replays: the SDK substitutes {} for unparsable input.
    expect(turn.responseMessages[0]?.content).toEqual([
      expect.objectContaining({ type: "tool-call", toolCallId: "call_bad", input: {} }),
    ]);
  });
});
