/**
 * Gate benchmarks (M4): the cost of one gate decision (surface lookup + guard),
 * beside the cost of spawning a process per decision — how hook-per-call
 * designs gate tool calls — measured in the same run; harness overhead per
 * tool call; memory of idle suspended runs.
 */
import { spawnSync } from "node:child_process";
import { advanceRun } from "../lib/harness/lifecycle/advance-run";
import { harnessFixture } from "../lib/harness/harness.test-support";
import { guardCall } from "../lib/modes/guard";
import { materializeSurface } from "../lib/modes/surface";
import { profileOf } from "../lib/modes/profiles";
import { AUTONOMY_LEVELS, MODES } from "../lib/modes/types";
import { makeFixture } from "../lib/repos/git.test-support";
import { TOOL_SPECS } from "../lib/tools/registry";
import { percentile, timeSync, type BenchResult } from "./stats";
import { overheadPerCall } from "./tool-call-overhead";

const DECISIONS = 200_000;
const SPAWNS = 200;

export async function benchGate(): Promise<BenchResult[]> {
  const surfaces = MODES.flatMap((mode) => AUTONOMY_LEVELS.map((autonomy) => materializeSurface(profileOf(mode), TOOL_SPECS, { autonomy })));
  const names = [...TOOL_SPECS.map((t) => t.name), "no_such_tool"];
  // Warm up the JIT so the figures describe the steady state.
  for (let i = 0; i < 20_000; i++) guardCall(surfaces[i % surfaces.length]!, names[i % names.length]!);

  const started = performance.now();
  const decisions = timeSync(DECISIONS, (i) => {
    guardCall(surfaces[i % surfaces.length]!, names[(i * 7) % names.length]!);
  });
  const elapsedS = (performance.now() - started) / 1000;
  const spawns = timeSync(SPAWNS, () => {
    spawnSync("/bin/true");
  });
  const gateP50 = percentile(decisions, 50);
  const spawnP50 = percentile(spawns, 50);

  // Harness overhead: scripted runs of realistic length (10 cheap tool calls each);
  // per call, the time from the turn's start to its result minus the tool's own time.
  const fx = await makeFixture();
  const overheads = await overheadPerCall(fx.worktree, "bench");

  // Idle suspended runs: park 100 runs on a confirmation and measure what they keep in memory.
  const parked = harnessFixture({
    worktree: fx.worktree,
    autonomy: "ask",
    script: { scenarios: [{ steps: [{ toolCalls: [{ name: "write_file", args: { path: "x.md", content: "x" } }] }] }] },
  });
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 100; i++) {
    parked.startRun(`idle-${i}`, "write");
    await advanceRun(parked.deps, `idle-${i}`);
  }
  globalThis.gc?.();
  const after = process.memoryUsage().heapUsed;
  await fx.cleanup();

  return [
    { name: "gate decisions per second", value: Math.round(DECISIONS / elapsedS), unit: "/s" },
    { name: "gate decision p50", value: gateP50 * 1000, unit: "µs" },
    { name: "gate decision p99", value: percentile(decisions, 99) * 1000, unit: "µs", target: "≤ 20 µs" },
    { name: "process spawn per decision p50 (hook-per-call)", value: spawnP50 * 1000, unit: "µs" },
    { name: "spawn cost ÷ gate cost (p50, same run)", value: spawnP50 / gateP50, unit: "×", target: "≥ 1000×" },
    { name: "harness overhead per tool call p50 (scripted model, tool time excluded)", value: percentile(overheads, 50), unit: "ms" },
    { name: "harness overhead per tool call p99", value: percentile(overheads, 99), unit: "ms", target: "≤ 1 ms" },
    { name: "memory held by 100 idle suspended runs (in-memory store; PostgreSQL holds none)", value: (after - before) / 1024 / 1024, unit: "MB", target: "≤ 50 MB" },
  ];
}
