/**
 * The demo's scripted agents show the main loop without a model key: every
 * ticket of the Planner's plan and the Orchestrator's proposal changes code
 * (so it ends as a branch and a pull request, O7), the plan's code ticket
 * leaves a slip the built-in reviewer holds (R5), "Fix with an agent" on that
 * finding removes it, and the Builder asked to plan answers the nudge at once
 * instead of touring again (P4).
 */
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { ticketRunPrompt } from "../orchestration/ticket-run-prompt";
import { PLAN_NUDGE } from "../plans/outcome";
import { planTurn, type PlannedToolCall } from "../models/script-player";
import type { Script } from "../models/script";
import { fixSeedMessage } from "../pulls/fix-seed-message";
import { reviewDiff } from "../reviews/offline/offline-reviewer";
import { BUILDER_SCRIPT, ORCHESTRATOR_SCRIPT, PLANNER_SCRIPT } from "./demo-scripts";

/** Plays a scenario to its end, every call succeeding; returns the calls made and the last words. */
function play(script: Script, userText: string): { calls: PlannedToolCall[]; text: string } {
  const prompt: LanguageModelV3Prompt = [{ role: "user", content: [{ type: "text", text: userText }] }];
  const calls: PlannedToolCall[] = [];
  for (let turn = 0; turn < 20; turn++) {
    const planned = planTurn(script, prompt);
    if (planned.toolCalls.length === 0) return { calls, text: planned.text };
    calls.push(...planned.toolCalls);
    prompt.push({ role: "assistant", content: planned.toolCalls.map((c) => ({ type: "tool-call" as const, toolCallId: c.toolCallId, toolName: c.toolName, input: JSON.parse(c.input) })) });
    prompt.push({ role: "tool", content: planned.toolCalls.map((c) => ({ type: "tool-result" as const, toolCallId: c.toolCallId, toolName: c.toolName, output: { type: "text" as const, value: "ok" } })) });
  }
  throw new Error("the scenario never ended");
}

function scriptedCall(script: Script, tool: string): Record<string, unknown> {
  for (const scenario of script.scenarios) for (const step of scenario.steps) for (const call of step.toolCalls ?? []) if (call.name === tool) return call.args as Record<string, unknown>;
  throw new Error(`no ${tool} call in the script`);
}

const writes = (calls: PlannedToolCall[]) => calls.filter((c) => c.toolName === "write_file" || c.toolName === "delete_file" || c.toolName === "edit_file").map((c) => JSON.parse(c.input) as { path: string; content?: string });

type Node = { key: string; title: string; description: string; dependsOn: string[] };

function ticketsOf(nodes: Node[]) {
  return nodes.map((n) => ({ ...n, result: null }));
}

describe("the demo's main loop, scripted", () => {
  it("P3, O7: every ticket of the Planner's plan changes code, so each ends as a branch and a pull request", () => {
    const plan = scriptedCall(PLANNER_SCRIPT, "submit_plan") as { goal: string; nodes: Node[] };
    const tickets = ticketsOf(plan.nodes);
    expect(tickets.length).toBeGreaterThanOrEqual(2);
    expect(tickets.some((t) => t.dependsOn.length > 0)).toBe(true);
    for (const ticket of tickets) {
      const prompt = ticketRunPrompt(plan.goal, ticket, tickets, { branch: `gatehouse/demo/${ticket.key}`, baseBranch: "main" });
      expect(writes(play(PLANNER_SCRIPT, prompt).calls).length, ticket.key).toBeGreaterThan(0);
    }
  });

  it("O5, O7: every ticket of the Orchestrator's proposal changes code, and the hired agents (its script) can do it", () => {
    const proposal = scriptedCall(ORCHESTRATOR_SCRIPT, "propose_orchestration") as { tickets: { key: string; title: string; description: string }[] };
    const tickets = ticketsOf(proposal.tickets.map((t) => ({ ...t, dependsOn: [] })));
    for (const ticket of tickets) {
      const prompt = ticketRunPrompt("Cap discounts", ticket, tickets, { branch: `gatehouse/demo/${ticket.key}`, baseBranch: "main" });
      const changed = writes(play(ORCHESTRATOR_SCRIPT, prompt).calls);
      expect(changed.length, ticket.key).toBeGreaterThan(0);
      // The proposal's tickets ship as they are: nothing the built-in reviewer holds.
      expect(changed.map((c) => c.path)).not.toContain(".env");
    }
  });

  it("R5, R10: the plan's code ticket commits a .env the built-in reviewer holds for; Fix with an agent removes it", () => {
    const plan = scriptedCall(PLANNER_SCRIPT, "submit_plan") as { goal: string; nodes: Node[] };
    const tickets = ticketsOf(plan.nodes);
    const code = tickets.find((t) => t.dependsOn.length === 0)!;
    const changed = writes(play(PLANNER_SCRIPT, ticketRunPrompt(plan.goal, code, tickets, { branch: "gatehouse/demo/cap", baseBranch: "main" })).calls);
    const env = changed.find((c) => c.path === ".env")!;
    expect(env).toBeTruthy();
    const lines = env.content!.split("\n").filter(Boolean);
    const diff = ["diff --git a/.env b/.env", "new file mode 100644", "--- /dev/null", "+++ b/.env", `@@ -0,0 +1,${lines.length} @@`, ...lines.map((l) => `+${l}`), ""].join("\n");
    const findings = reviewDiff(diff);
    const held = findings.find((f) => f.priority === "P1");
    expect(held?.title).toBe("Environment file committed (.env)");

    const seed = fixSeedMessage({
      pull: { number: 7, headRef: "gatehouse/demo/cap", headSha: "a".repeat(40) },
      finding: { kind: held!.kind, priority: held!.priority, title: held!.title, body: held!.body, suggestion: null, file: ".env", startLine: 1, endLine: 1 },
      replies: [],
    });
    const fix = play(BUILDER_SCRIPT, seed);
    expect(fix.calls.map((c) => [c.toolName, JSON.parse(c.input).path])).toContainEqual(["delete_file", ".env"]);
    // Not the repository tour: a fix room does the fix.
    expect(fix.calls.map((c) => c.toolName)).not.toContain("run_command");
  });

  it("P4: the Builder asked to plan answers the nudge at once instead of touring the repository again", () => {
    const turn = planTurn(BUILDER_SCRIPT, [{ role: "user", content: [{ type: "text", text: PLAN_NUDGE }] }]);
    expect(turn.toolCalls).toEqual([]);
    expect(turn.text).toMatch(/No plan is needed/);
  });
});
