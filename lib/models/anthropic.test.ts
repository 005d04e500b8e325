/**
 * createModel({ provider: "anthropic" }) against a local server that speaks
 * the real Messages API streaming protocol, through streamTurn.
 */
import type { ModelMessage } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { modelConfig } from "./config";
import { createModel } from "./create-model";
import { streamTurn, toolResultMessage } from "./stream-turn";
import { startWireServer, type SseEvent, type WireServer } from "./testing/wire-server";

const API_KEY = "sk-ant-test-0123456789abcdef";
const SYSTEM = "You are in Review mode.";
const tools = {
  read_file: { description: "Read a file from the worktree", inputSchema: z.object({ path: z.string() }) },
  add_finding: {
    description: "Record a review finding",
    inputSchema: z.object({ file: z.string(), line: z.number().int().positive(), severity: z.enum(["low", "high"]) }),
  },
};

/** Anthropic names every event and repeats the name as `type` in the data. */
const event = (data: { type: string } & Record<string, unknown>): SseEvent => ({ event: data.type, data });

const messageStart = event({
  type: "message_start",
  message: {
    id: "msg_test",
    type: "message",
    role: "assistant",
    model: "claude-sonnet-4-5",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 25, output_tokens: 1 },
  },
});
const textBlock = (index: number, parts: string[]): SseEvent[] => [
  event({ type: "content_block_start", index, content_block: { type: "text", text: "" } }),
  ...parts.map((text) => event({ type: "content_block_delta", index, delta: { type: "text_delta", text } })),
  event({ type: "content_block_stop", index }),
];
const toolUseBlock = (index: number, id: string, name: string, jsonParts: string[]): SseEvent[] => [
  event({ type: "content_block_start", index, content_block: { type: "tool_use", id, name, input: {} } }),
  ...jsonParts.map((partial_json) => event({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } })),
  event({ type: "content_block_stop", index }),
];
const messageEnd = (stopReason: string, outputTokens: number): SseEvent[] => [
  event({ type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: outputTokens } }),
  event({ type: "message_stop" }),
];

let server: WireServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.unstubAllEnvs();
});

function modelFor(origin: string) {
  // H4: exactly this loopback server is an allowed model endpoint.
  vi.stubEnv("GATEHOUSE_ALLOWED_MODEL_HOSTS", new URL(origin).host);
  return createModel(modelConfig.parse({ provider: "anthropic", model: "claude-sonnet-4-5", baseUrl: `${origin}/v1`, apiKey: API_KEY }));
}

describe("Anthropic provider over the wire", () => {
  it("sends system and tool input_schemas, streams text, and parses tool_use blocks (valid, unknown, and invalid)", async () => {
    server = await startWireServer(() => ({
      sse: [
        messageStart,
        event({ type: "ping" }),
        ...textBlock(0, ["Checking ", "the file."]),
        ...toolUseBlock(1, "toolu_01", "read_file", ["", '{"path": "src/', 'app.ts"}']),
        ...toolUseBlock(2, "toolu_02", "write_worktree", ['{"path": "x"}']),
        ...toolUseBlock(3, "toolu_03", "add_finding", ['{"file": "a.ts", "line": -1, "severity": "urgent"}']),
        ...messageEnd("tool_use", 30),
      ],
    }));
    const deltas: string[] = [];
    const turn = await streamTurn({
      model: modelFor(server.origin),
      system: SYSTEM,
      messages: [{ role: "user", content: "Review app.ts" }],
      tools,
      onTextDelta: (d) => deltas.push(d),
    });

    const [request] = server.requests;
    expect(request?.path).toBe("/v1/messages");
    expect(request?.headers["x-api-key"]).toBe(API_KEY);
    expect(request?.headers["anthropic-version"]).toBeDefined();
    expect(request?.body).toMatchObject({
      model: "claude-sonnet-4-5",
      stream: true,
      system: [{ type: "text", text: SYSTEM }],
      messages: [{ role: "user", content: [{ type: "text", text: "Review app.ts" }] }],
      tools: [
        {
          name: "read_file",
          description: "Read a file from the worktree",
          input_schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
        },
        {
          name: "add_finding",
          input_schema: {
            type: "object",
            properties: { line: { type: "integer", exclusiveMinimum: 0 }, severity: { type: "string", enum: ["low", "high"] } },
          },
        },
      ],
    });
    expect(typeof (request?.body as { max_tokens?: unknown }).max_tokens).toBe("number");

    expect(deltas).toEqual(["Checking ", "the file."]);
    expect(turn.text).toBe("Checking the file.");
    expect(turn.finishReason).toBe("tool-calls");
    expect(turn.usage).toEqual({ inputTokens: 25, outputTokens: 30 });
    const [valid, unknown, invalid] = turn.toolCalls;
    expect(valid).toEqual({ toolCallId: "toolu_01", toolName: "read_file", input: { path: "src/app.ts" } });
    expect(unknown).toMatchObject({ toolCallId: "toolu_02", toolName: "write_worktree", input: { path: "x" } });
    expect(unknown?.invalidReason).toMatch(/does not exist/);
    expect(invalid).toMatchObject({ toolCallId: "toolu_03", toolName: "add_finding" });
    expect(invalid?.invalidReason).toMatch(/line: .*>0/);
    expect(invalid?.invalidReason).toMatch(/severity: /);
  });

  it("replays the transcript as tool_use / tool_result blocks on the next request", async () => {
    server = await startWireServer((_request, index) => ({
      sse:
        index === 0
          ? [messageStart, ...toolUseBlock(0, "toolu_01", "read_file", ['{"path":"a.ts"}']), ...messageEnd("tool_use", 10)]
          : [messageStart, ...textBlock(0, ["Looks fine."]), ...messageEnd("end_turn", 3)],
    }));
    const model = modelFor(server.origin);
    const messages: ModelMessage[] = [{ role: "user", content: "Review a.ts" }];
    const first = await streamTurn({ model, system: SYSTEM, messages, tools });
    const next = [
      ...messages,
      ...first.responseMessages,
      toolResultMessage([{ toolCallId: "toolu_01", toolName: "read_file", output: "const a = 1;" }]),
    ];
    const second = await streamTurn({ model, system: SYSTEM, messages: next, tools });
    expect(second).toMatchObject({ text: "Looks fine.", toolCalls: [], finishReason: "stop" });
    expect(server.requests[1]?.body).toMatchObject({
      messages: [
        { role: "user", content: [{ type: "text", text: "Review a.ts" }] },
        { role: "assistant", content: [{ type: "tool_use", id: "toolu_01", name: "read_file", input: { path: "a.ts" } }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01", content: "const a = 1;" }] },
      ],
    });
  });
});
