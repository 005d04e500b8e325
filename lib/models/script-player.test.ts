import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { BUILDER_SCRIPT } from "../demo/demo-scripts";
import { planTurn } from "./script-player";
import type { Script } from "./script";

const script: Script = {
  scenarios: [
    {
      steps: [
        { text: "Writing.", toolCalls: [{ name: "write_file", args: { path: "a" } }] },
        { text: "Done: I wrote a.", ifRefused: "I could not write a: {refused} was refused." },
      ],
    },
  ],
};

function promptAfter(output: { type: "text" | "error-text"; value: string }): LanguageModelV3Prompt {
  return [
    { role: "user", content: [{ type: "text", text: "write a" }] },
    { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "write_file", input: {} }] },
    { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "write_file", output }] },
  ];
}

describe("scripted model, truthful about refusals", () => {
  it("G4: a step says its ifRefused words, naming the refused tool, when a call since the user's message was refused", () => {
    expect(planTurn(script, promptAfter({ type: "error-text", value: "Refused by a person [G4]" })).text).toBe("I could not write a: write_file was refused.");
    expect(planTurn(script, promptAfter({ type: "text", value: "ok" })).text).toBe("Done: I wrote a.");
  });

  it("G4: the demo Builder never claims the run went through when its tests were refused", () => {
    const prompt: LanguageModelV3Prompt = [{ role: "user", content: [{ type: "text", text: "Tour and run the tests" }] }];
    const steps = BUILDER_SCRIPT.scenarios.at(-1)!.steps.length;
    for (let i = 0; i < steps - 1; i++) {
      const turn = planTurn(BUILDER_SCRIPT, prompt);
      prompt.push({ role: "assistant", content: turn.toolCalls.map((c) => ({ type: "tool-call" as const, toolCallId: c.toolCallId, toolName: c.toolName, input: {} })) });
      prompt.push({
        role: "tool",
        content: turn.toolCalls.map((c) => ({
          type: "tool-result" as const,
          toolCallId: c.toolCallId,
          toolName: c.toolName,
          output: c.toolName === "run_command" ? { type: "error-text" as const, value: "Refused by a person [G4]" } : { type: "text" as const, value: "ok" },
        })),
      });
    }
    const last = planTurn(BUILDER_SCRIPT, prompt).text;
    expect(last).toContain("run_command was refused");
    expect(last).not.toMatch(/^Done/);
  });
});
