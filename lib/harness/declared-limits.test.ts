/** X1: a declared mode's max turns and timeout narrow the run, on the real harness with a scripted model. */
import { describe, expect, it } from "vitest";
import { modePolicySchema } from "../modes/declared";
import { advanceRun } from "./lifecycle/advance-run";
import { harnessFixture } from "./harness.test-support";

const policy = modePolicySchema.parse({
  modes: [{ id: "quick", label: "Quick look", extends: "chat", tools: ["todo_write"], maxTurns: 2, timeoutSeconds: 60 }],
});
const chatter = { scenarios: [{ steps: Array.from({ length: 6 }, (_, i) => ({ toolCalls: [{ name: "todo_write", args: { todos: [{ content: `step ${i}`, status: "pending" }] } }] })) }] };

describe("declared mode limits", () => {
  it("X1: a declared mode's max turns stops the run with the mode's name", async () => {
    const h = harnessFixture({ script: chatter, worktree: null, policy, declaredMode: "quick" });
    h.startRun("r1", "go");
    const result = await advanceRun(h.deps, "r1");
    expect(result.status).toBe("failed");
    expect(h.store.runs.get("r1")!.checkpoint!.step).toBe(2);
    expect(h.events.find((e) => e.type === "run.finished")).toMatchObject({ error: "stopped after 2 model turns (Quick look mode's limit)" });
    // X1, G7: every turn names the declared mode and the capability it ran under.
    const turns = h.events.filter((e) => e.type === "turn.started");
    expect(turns.map((t) => (t as { modeId: string }).modeId)).toEqual(["quick", "quick"]);
  });

  it("X1: a declared mode's timeout stops a run whose first turn was longer ago than the limit", async () => {
    const h = harnessFixture({ script: chatter, worktree: null, policy, declaredMode: "quick" });
    h.startRun("r2", "go");
    h.store.runs.get("r2")!.checkpoint!.startedAt = Date.now() - 61_000;
    const result = await advanceRun(h.deps, "r2");
    expect(result.status).toBe("failed");
    expect(h.events.find((e) => e.type === "run.finished")).toMatchObject({ error: "stopped after 60 seconds (Quick look mode's time limit)" });
  });
});
