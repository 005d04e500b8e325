import type { LanguageModelV3Prompt, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { SCRIPT_FINAL_TEXT, ScriptedLanguageModel, scriptSchema, type Script } from "./scripted-model";

const script: Script = {
  scenarios: [
    {
      when: "^fix the (bug|typo)",
      steps: [
        { text: "Reading the file.", toolCalls: [{ name: "read_file", args: { path: "a.ts" } }] },
        {
          toolCalls: [
            { name: "write_worktree", args: { path: "a.ts", content: "x" } },
            { name: "read_file", args: { path: "a.ts" } },
          ],
        },
        { text: "Fixed it." },
      ],
    },
    { steps: [{ text: "Hello from the catch-all." }] },
  ],
};

const user = (text: string) => ({ role: "user" as const, content: [{ type: "text" as const, text }] });
const assistantCall = (id: string, toolName: string) => ({
  role: "assistant" as const,
  content: [{ type: "tool-call" as const, toolCallId: id, toolName, input: {} }],
});
const toolResult = (id: string, toolName: string) => ({
  role: "tool" as const,
  content: [{ type: "tool-result" as const, toolCallId: id, toolName, output: { type: "text" as const, value: "ok" } }],
});

async function collect(stream: ReadableStream<LanguageModelV3StreamPart>): Promise<LanguageModelV3StreamPart[]> {
  const parts: LanguageModelV3StreamPart[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
  return parts;
}

describe("scripted model", () => {
  const model = new ScriptedLanguageModel(script);

  it("picks the first scenario whose regex matches the latest user message, case-insensitively", async () => {
    const prompt: LanguageModelV3Prompt = [{ role: "system", content: "sys" }, user("FIX THE TYPO in a.ts")];
    const result = await model.doGenerate({ prompt });
    expect(result.content).toEqual([
      { type: "text", text: "Reading the file." },
      { type: "tool-call", toolCallId: "call_1_0_0", toolName: "read_file", input: '{"path":"a.ts"}' },
    ]);
    expect(result.finishReason).toEqual({ unified: "tool-calls", raw: "tool_calls" });
  });

  it("falls back to the scenario without `when`", async () => {
    const result = await model.doGenerate({ prompt: [user("what is this repo?")] });
    expect(result.content).toEqual([{ type: "text", text: "Hello from the catch-all." }]);
    expect(result.finishReason.unified).toBe("stop");
  });

  it("indexes the step by the assistant messages after the latest user message, ignoring earlier turns", async () => {
    const prompt: LanguageModelV3Prompt = [
      user("hi"),
      { role: "assistant", content: [{ type: "text", text: "Hello from the catch-all." }] },
      user("fix the bug please"),
      assistantCall("call_2_0_0", "read_file"),
      toolResult("call_2_0_0", "read_file"),
    ];
    const result = await model.doGenerate({ prompt });
    expect(result.content).toEqual([
      { type: "tool-call", toolCallId: "call_2_1_0", toolName: "write_worktree", input: '{"path":"a.ts","content":"x"}' },
      { type: "tool-call", toolCallId: "call_2_1_1", toolName: "read_file", input: '{"path":"a.ts"}' },
    ]);
  });

  it("answers with a short final text and no tool calls once the steps run out", async () => {
    const prompt: LanguageModelV3Prompt = [user("hi"), { role: "assistant", content: [{ type: "text", text: "x" }] }];
    const result = await model.doGenerate({ prompt });
    expect(result.content).toEqual([{ type: "text", text: SCRIPT_FINAL_TEXT }]);
    expect(result.finishReason.unified).toBe("stop");
  });

  it("matches a nudge like any other latest user message", async () => {
    const nudged = new ScriptedLanguageModel({
      scenarios: [{ when: "\\[gatehouse:nudge\\]", steps: [{ text: "Continuing." }] }, { steps: [{ text: "First." }] }],
    });
    const prompt: LanguageModelV3Prompt = [
      user("start"),
      { role: "assistant", content: [{ type: "text", text: "First." }] },
      user("[gatehouse:nudge] you stopped early"),
    ];
    const result = await nudged.doGenerate({ prompt });
    expect(result.content).toEqual([{ type: "text", text: "Continuing." }]);
  });

  it("streams text word by word, then tool calls, then finish with usage; same prompt gives the same parts", async () => {
    const prompt: LanguageModelV3Prompt = [user("fix the bug")];
    const first = await collect((await model.doStream({ prompt })).stream);
    const second = await collect((await model.doStream({ prompt })).stream);
    expect(second).toEqual(first);
    const deltas = first.flatMap((p) => (p.type === "text-delta" ? [p.delta] : []));
    expect(deltas).toEqual(["Reading ", "the ", "file."]);
    const types = first.map((p) => p.type);
    expect(types).toEqual([
      "stream-start",
      "response-metadata",
      "text-start",
      "text-delta",
      "text-delta",
      "text-delta",
      "text-end",
      "tool-input-start",
      "tool-input-delta",
      "tool-input-end",
      "tool-call",
      "finish",
    ]);
    const finish = first.at(-1);
    expect(finish?.type === "finish" && finish.finishReason.unified).toBe("tool-calls");
    expect(finish?.type === "finish" && finish.usage.outputTokens.total).toBeGreaterThan(0);
  });

  it("waits chunkDelayMs between chunks and stops when aborted", async () => {
    const slow = new ScriptedLanguageModel({ scenarios: [{ steps: [{ text: "one two three four" }] }], chunkDelayMs: 40 });
    const started = Date.now();
    await collect((await slow.doStream({ prompt: [user("x")] })).stream);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 40 - 10);

    const controller = new AbortController();
    const { stream } = await slow.doStream({ prompt: [user("x")], abortSignal: controller.signal });
    setTimeout(() => controller.abort(new Error("stopped by user")), 60);
    await expect(collect(stream)).rejects.toThrow("stopped by user");
  });

  it("rejects scripts with an invalid regex or an empty step", () => {
    expect(scriptSchema.safeParse({ scenarios: [{ when: "([", steps: [] }] }).success).toBe(false);
    expect(scriptSchema.safeParse({ scenarios: [{ steps: [{}] }] }).success).toBe(false);
    expect(scriptSchema.safeParse(script).success).toBe(true);
  });
});
