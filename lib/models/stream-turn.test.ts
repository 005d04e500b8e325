import type { ModelMessage } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createModel } from "./create-model";
import { modelConfig } from "./config";
import { SCRIPT_FINAL_TEXT, type Script } from "./scripted-model";
import { streamTurn, toolResultMessage } from "./stream-turn";

const tools = {
  read_file: {
    description: "Read a file from the worktree",
    inputSchema: z.object({
      path: z.string(),
      range: z.object({ start: z.number().int(), end: z.number().int() }).optional(),
    }),
  },
  search: { description: "Search the worktree", inputSchema: z.object({ query: z.string().min(1) }) },
};

function scripted(script: Script) {
  return createModel(modelConfig.parse({ provider: "scripted", script }));
}

const SYSTEM = "You are in Plan mode.";

describe("streamTurn with the scripted model", () => {
  afterEach(() => vi.restoreAllMocks());

  it("returns text and parsed tool calls with stable ids, and delivers each text delta as it streams", async () => {
    const model = scripted({
      scenarios: [
        { when: "readme", steps: [{ text: "Let me read it.", toolCalls: [{ name: "read_file", args: { path: "README.md" } }] }] },
      ],
    });
    const messages: ModelMessage[] = [{ role: "user", content: "Summarise the README" }];
    const deltas: string[] = [];
    const turn = await streamTurn({ model, system: SYSTEM, messages, tools, onTextDelta: (d) => deltas.push(d) });
    expect(deltas).toEqual(["Let ", "me ", "read ", "it."]);
    expect(turn.text).toBe("Let me read it.");
    expect(turn.toolCalls).toEqual([{ toolCallId: "call_1_0_0", toolName: "read_file", input: { path: "README.md" } }]);
    expect(turn.finishReason).toBe("tool-calls");
    expect(turn.usage?.outputTokens).toBeGreaterThan(0);

    const again = await streamTurn({ model, system: SYSTEM, messages, tools });
    expect(again.toolCalls.map((c) => c.toolCallId)).toEqual(["call_1_0_0"]);
  });

  it("T1: a call to a tool outside the offered set comes back as an invalid call, not a crash", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const model = scripted({
      scenarios: [
        {
          steps: [
            {
              toolCalls: [
                { name: "write_worktree", args: { path: "a.ts", content: "pwned" } },
                { name: "search", args: { query: "TODO" } },
              ],
            },
          ],
        },
      ],
    });
    const turn = await streamTurn({ model, system: SYSTEM, messages: [{ role: "user", content: "go" }], tools });
    expect(turn.toolCalls).toHaveLength(2);
    const [outside, inside] = turn.toolCalls;
    expect(outside).toMatchObject({ toolName: "write_worktree", input: { path: "a.ts", content: "pwned" } });
    expect(outside?.invalidReason).toMatch(/tool "write_worktree" does not exist/);
    expect(outside?.invalidReason).toContain("read_file, search");
    expect(inside).toEqual({ toolCallId: "call_1_0_1", toolName: "search", input: { query: "TODO" } });
    expect(turn.finishReason).toBe("tool-calls");
    expect(errors).not.toHaveBeenCalled();
  });

  it("T1: arguments that fail the tool's schema come back invalid with the offending field paths", async () => {
    const model = scripted({
      scenarios: [{ steps: [{ toolCalls: [{ name: "read_file", args: { path: 42, range: { start: "x", end: 3 } } }] }] }],
    });
    const turn = await streamTurn({ model, system: SYSTEM, messages: [{ role: "user", content: "go" }], tools });
    const [call] = turn.toolCalls;
    expect(call?.input).toEqual({ path: 42, range: { start: "x", end: 3 } });
    expect(call?.invalidReason).toMatch(/^invalid arguments for "read_file": /);
    expect(call?.invalidReason).toMatch(/path: .*expected string/i);
    expect(call?.invalidReason).toMatch(/range\.start: .*expected number/i);
  });

  it("gives responseMessages that, with the harness's tool results, form a valid transcript for the next step", async () => {
    const model = scripted({
      scenarios: [
        {
          when: "fix",
          steps: [
            { text: "Looking.", toolCalls: [{ name: "read_file", args: { path: "a.ts" } }, { name: "run_command", args: { cmd: "rm -rf /" } }] },
            { toolCalls: [{ name: "search", args: { query: "bug" } }] },
            { text: "All done." },
          ],
        },
      ],
    });
    let messages: ModelMessage[] = [{ role: "user", content: "fix the bug" }];

    const first = await streamTurn({ model, system: SYSTEM, messages, tools });
    // streamText answers invalid calls with its own tool message; streamTurn leaves that to the harness.
    expect(first.responseMessages.map((m) => m.role)).toEqual(["assistant"]);
    expect(first.responseMessages[0]?.content).toEqual([
      expect.objectContaining({ type: "text", text: "Looking." }),
      expect.objectContaining({ type: "tool-call", toolCallId: "call_1_0_0", toolName: "read_file", input: { path: "a.ts" } }),
      expect.objectContaining({ type: "tool-call", toolCallId: "call_1_0_1", toolName: "run_command" }),
    ]);
    messages = [
      ...messages,
      ...first.responseMessages,
      toolResultMessage([
        { toolCallId: "call_1_0_0", toolName: "read_file", output: { content: "let x = 1" } },
        { toolCallId: "call_1_0_1", toolName: "run_command", output: "run_command is not available in this mode", isError: true },
      ]),
    ];

    const second = await streamTurn({ model, system: SYSTEM, messages, tools });
    expect(second.toolCalls).toEqual([{ toolCallId: "call_1_1_0", toolName: "search", input: { query: "bug" } }]);
    messages = [
      ...messages,
      ...second.responseMessages,
      toolResultMessage([{ toolCallId: "call_1_1_0", toolName: "search", output: [] }]),
    ];

    const third = await streamTurn({ model, system: SYSTEM, messages, tools });
    expect(third).toMatchObject({ text: "All done.", toolCalls: [], finishReason: "stop" });
    messages = [...messages, ...third.responseMessages];

    const fourth = await streamTurn({ model, system: SYSTEM, messages, tools });
    expect(fourth).toMatchObject({ text: SCRIPT_FINAL_TEXT, toolCalls: [], finishReason: "stop" });

    // The persisted transcript survives a JSON round trip (runs resume in another process).
    const resumed = JSON.parse(JSON.stringify(messages)) as ModelMessage[];
    const replay = await streamTurn({ model, system: SYSTEM, messages: resumed, tools });
    expect(replay.text).toBe(SCRIPT_FINAL_TEXT);
  });

  it("builds ai@6 tool-result parts with typed outputs", () => {
    expect(
      toolResultMessage([
        { toolCallId: "a", toolName: "read_file", output: "text out" },
        { toolCallId: "b", toolName: "read_file", output: { n: 1, skip: undefined } },
        { toolCallId: "c", toolName: "read_file", output: "not available in this mode", isError: true },
        { toolCallId: "d", toolName: "read_file", output: { code: 2 }, isError: true },
        { toolCallId: "e", toolName: "read_file", output: undefined },
      ]),
    ).toEqual({
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "a", toolName: "read_file", output: { type: "text", value: "text out" } },
        { type: "tool-result", toolCallId: "b", toolName: "read_file", output: { type: "json", value: { n: 1 } } },
        { type: "tool-result", toolCallId: "c", toolName: "read_file", output: { type: "error-text", value: "not available in this mode" } },
        { type: "tool-result", toolCallId: "d", toolName: "read_file", output: { type: "error-json", value: { code: 2 } } },
        { type: "tool-result", toolCallId: "e", toolName: "read_file", output: { type: "json", value: null } },
      ],
    });
  });

  it("offers no tools at all when the surface is empty, and still reports a call as invalid", async () => {
    const model = scripted({ scenarios: [{ steps: [{ toolCalls: [{ name: "read_file", args: { path: "x" } }] }] }] });
    const turn = await streamTurn({ model, system: SYSTEM, messages: [{ role: "user", content: "go" }], tools: {} });
    expect(turn.toolCalls[0]?.invalidReason).toBe('tool "read_file" does not exist (tools offered: none)');
  });

  it("rejects with the abort reason when the signal fires mid-stream", async () => {
    const model = scripted({ scenarios: [{ steps: [{ text: "a b c d e f g h" }] }], chunkDelayMs: 30 });
    const controller = new AbortController();
    const deltas: string[] = [];
    const turn = streamTurn({
      model,
      system: SYSTEM,
      messages: [{ role: "user", content: "go" }],
      tools,
      signal: controller.signal,
      onTextDelta: (d) => {
        deltas.push(d);
        if (deltas.length === 2) controller.abort(new Error("run cancelled"));
      },
    });
    await expect(turn).rejects.toThrow("run cancelled");
    expect(deltas.length).toBeLessThan(8);
  });
});
