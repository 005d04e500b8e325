import { DIFF_PIECE_CHARS } from "../../diff/diff-pieces";
import { describe, expect, it } from "vitest";
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { OfflineReviewModel, OFFLINE_BATCH, planOfflineTurn } from "./offline-review-model";
import { reviewDiff } from "./offline-reviewer";
import { readFinding } from "../read-finding";

const BASE = "a".repeat(40);
const HEAD = "b".repeat(40);
const request = `Review pull request #1 "x": f into main.\n\nbase=${BASE} head=${HEAD}`;

/** A diff adding a console.log to each of `n` source files (one finding each). */
function diffWith(n: number): string {
  return Array.from({ length: n }, (_, i) =>
    [`diff --git a/src/m${i}.ts b/src/m${i}.ts`, `--- a/src/m${i}.ts`, `+++ b/src/m${i}.ts`, `@@ -1,0 +2,1 @@`, `+console.log("debug ${i}");`].join("\n"),
  ).join("\n") + "\n";
}

type Call = { id: string; name: string; input: unknown; output: unknown };

/** The prompt after the model made `steps` (each a list of calls with their results). */
function prompt(steps: Call[][]): LanguageModelV3Prompt {
  const messages: LanguageModelV3Prompt = [{ role: "system", content: "system" }, { role: "user", content: [{ type: "text", text: request }] }];
  for (const calls of steps) {
    messages.push({ role: "assistant", content: calls.map((c) => ({ type: "tool-call" as const, toolCallId: c.id, toolName: c.name, input: c.input })) });
    messages.push({ role: "tool", content: calls.map((c) => ({ type: "tool-result" as const, toolCallId: c.id, toolName: c.name, output: c.output as never })) });
  }
  return messages;
}

const diffStep = (diff: string): Call[] => [{ id: "d", name: "git_diff", input: { base: BASE, head: HEAD }, output: { type: "text", value: diff } }];

describe("offline review model (R2, R6)", () => {
  it("turn 1 asks for the diff between the requested commits", () => {
    expect(planOfflineTurn(prompt([])).calls).toEqual([{ toolName: "git_diff", input: { base: BASE, head: HEAD } }]);
  });

  it("then records every finding of reviewDiff through add_review_node, in batches, each one passing the read boundary", () => {
    const diff = diffWith(OFFLINE_BATCH + 3);
    const expected = reviewDiff(diff);
    const first = planOfflineTurn(prompt([diffStep(diff)]));
    expect(first.calls).toHaveLength(OFFLINE_BATCH);
    expect(first.calls.every((c) => c.toolName === "add_review_node" && readFinding(c.input).ok)).toBe(true);
    const recorded = first.calls.map((c, i) => ({ id: `n${i}`, name: c.toolName, input: c.input, output: { type: "text", value: "Finding recorded." } }));
    const second = planOfflineTurn(prompt([diffStep(diff), recorded]));
    expect(second.calls).toHaveLength(expected.length - OFFLINE_BATCH);
    const all = [...first.calls, ...second.calls].map((c) => (c.input as { title: string }).title);
    expect(all).toEqual(expected.map((f) => f.title));
  });

  it("then finalizes, and ends with a summary naming the platform's verdict", () => {
    const diff = diffWith(1);
    const node = { id: "n0", name: "add_review_node", input: {}, output: { type: "text", value: "ok" } };
    const turn = planOfflineTurn(prompt([diffStep(diff), [node]]));
    expect(turn.calls).toEqual([{ toolName: "finalize_review", input: { summary: expect.stringMatching(/1 finding \(1 P3\)/), coverage: { complete: true, unread: [] } } }]);
    const finalize = { id: "f", name: "finalize_review", input: {}, output: { type: "json", value: { verdict: "hold", explanation: [] } } };
    const last = planOfflineTurn(prompt([diffStep(diff), [node], [finalize]]));
    expect(last).toEqual({ text: expect.stringMatching(/verdict: hold/), calls: [] });
  });

  it("an empty diff is a clean review; an unreadable one is said plainly; a message without a pull request is answered", () => {
    expect(planOfflineTurn(prompt([diffStep("No differences.")])).calls[0]!.toolName).toBe("finalize_review");
    const failed = planOfflineTurn(prompt([[{ id: "d", name: "git_diff", input: {}, output: { type: "error-text", value: "bad revision" } }]]));
    expect(failed).toEqual({ text: expect.stringMatching(/could not read the diff: bad revision/), calls: [] });
    expect(planOfflineTurn([{ role: "user", content: [{ type: "text", text: "hello" }] }]).calls).toEqual([]);
  });

  it("speaks LanguageModelV3: tool calls as JSON text with ids unique per turn", async () => {
    const result = await new OfflineReviewModel().doGenerate({ prompt: prompt([diffStep(diffWith(2))]) });
    const calls = result.content.filter((c) => c.type === "tool-call");
    expect(calls.map((c) => c.toolCallId)).toEqual(["offline_1_1_0", "offline_1_1_1"]);
    expect(JSON.parse((calls[0] as { input: string }).input)).toMatchObject({ kind: "suggestion", priority: "P3" });
    expect(result.finishReason.unified).toBe("tool-calls");
  });

  it("R11: reads a long diff whole in bounded pieces, several at once, and states what it could not read", () => {
    const body = diffWith(3);
    const binary = "diff --git a/logo.png b/logo.png\nnew file mode 100644\nindex 0000000..1111111\nBinary files /dev/null and b/logo.png differ\n";
    const full = body + "x".repeat(DIFF_PIECE_CHARS * 2) + "\n" + binary;
    const piece = (offset: number) => {
      const end = Math.min(full.length, offset + DIFF_PIECE_CHARS);
      return full.slice(offset, end) + (end < full.length ? `\n[diff piece: characters ${offset}-${end} of ${full.length}; continue with offset=${end}]` : "");
    };
    const first = planOfflineTurn(prompt([diffStep(piece(0))]));
    expect(first.calls).toEqual([
      { toolName: "git_diff", input: { base: BASE, head: HEAD, offset: DIFF_PIECE_CHARS } },
      { toolName: "git_diff", input: { base: BASE, head: HEAD, offset: DIFF_PIECE_CHARS * 2 } },
    ]);
    const rest = [DIFF_PIECE_CHARS, DIFF_PIECE_CHARS * 2].map((offset, i) => ({ id: `p${i}`, name: "git_diff", input: { base: BASE, head: HEAD, offset }, output: { type: "text", value: piece(offset) } }));
    const findings = planOfflineTurn(prompt([diffStep(piece(0)), rest]));
    expect(findings.calls.map((c) => c.toolName)).toContain("add_review_node");
    const nodes = findings.calls.map((c, i) => ({ id: `n${i}`, name: c.toolName, input: c.input, output: { type: "text", value: "ok" } }));
    const finalize = planOfflineTurn(prompt([diffStep(piece(0)), rest, nodes]));
    expect(finalize.calls).toEqual([{ toolName: "finalize_review", input: expect.objectContaining({ coverage: { complete: false, unread: [{ path: "logo.png", reason: "binary file" }] } }) }]);
    expect(String(finalize.calls[0]!.input.summary)).toMatch(/Not read: logo\.png \(binary file\)/);
  });
});
