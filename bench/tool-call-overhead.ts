/**
 * The harness's own cost per tool call: scripted runs of cheap calls, and per
 * call the time from the turn's start to its result minus the tool's own time.
 * The gate bench prints it; the traces bench prints it with tracing off and on.
 */
import { performance } from "node:perf_hooks";
import { advanceRun } from "../lib/harness/lifecycle/advance-run";
import { harnessFixture } from "../lib/harness/harness.test-support";

/** Per call: the time from the turn's start to its result, minus the tool's own time. */
export async function overheadPerCall(worktree: string, label: string, steps = 10, runs = 60): Promise<number[]> {
  const h = harnessFixture({
    worktree,
    maxSteps: steps + 2,
    script: { scenarios: [{ steps: [...Array.from({ length: steps }, () => ({ toolCalls: [{ name: "list_dir", args: {} }] })), { text: "done" }] }] },
  });
  const overheads: number[] = [];
  let stepStart = 0;
  h.deps.events = {
    emit(event) {
      if (event.type === "turn.started") stepStart = performance.now();
      if (event.type === "tool.result") overheads.push(performance.now() - stepStart - (event.durationMs ?? 0));
    },
  };
  for (let run = 0; run < runs; run++) {
    h.startRun(`${label}-${run}`, "go");
    await advanceRun(h.deps, `${label}-${run}`);
  }
  // The first runs include module loading and JIT warm-up.
  overheads.splice(0, steps * 10);
  return overheads.sort((a, b) => a - b);
}
