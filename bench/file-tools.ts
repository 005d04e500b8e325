/**
 * The price of race-free path confinement (H2): read_file, write_file and
 * edit_file per call on a small file two directories deep, called through the
 * tools' own execute with a real ToolContext, and grep per call (one process,
 * inside the OS sandbox when there is one). Printed, never asserted.
 */
import { makeFixture } from "../lib/repos/git.test-support";
import { editFileTool } from "../lib/tools/edit-file";
import { grepTool } from "../lib/tools/grep";
import { readFileTool } from "../lib/tools/read-file";
import { callTool, toolContext } from "../lib/tools/tools.test-support";
import type { ToolDefinition } from "../lib/tools/types";
import { writeFileTool } from "../lib/tools/write-file";
import { percentile, type BenchResult } from "./stats";

const CALLS = 3000;
const GREP_CALLS = 60;

interface Timing {
  /** wall time per call, sorted (ms) */
  wall: number[];
  /** this process's CPU time (all threads, user + system) per call, mean (µs): steadier than wall time on a busy machine */
  cpuUs: number;
}

async function timeCalls<I>(tool: ToolDefinition<I>, n: number, args: (i: number) => unknown, worktree: string): Promise<Timing> {
  const ctx = toolContext(worktree, "chat");
  // Warm up the JIT and the page cache so the figures describe the steady state.
  for (let i = 0; i < Math.min(200, n); i++) await callTool(tool, args(i), ctx);
  const wall: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await callTool(tool, args(i), ctx);
    wall.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  return { wall: wall.sort((a, b) => a - b), cpuUs: (used.user + used.system) / n };
}

export async function benchFileTools(): Promise<BenchResult[]> {
  const fx = await makeFixture();
  try {
    const file = "src/deep/small.ts";
    const ctx = toolContext(fx.worktree, "chat");
    await callTool(writeFileTool, { path: file, content: "export const x = 1;\n".repeat(20) }, ctx);

    const read = await timeCalls(readFileTool, CALLS, () => ({ path: file }), fx.worktree);
    const write = await timeCalls(writeFileTool, CALLS, (i) => ({ path: file, content: `export const x = ${i};\n`.repeat(20) }), fx.worktree);
    await callTool(writeFileTool, { path: file, content: "export const x = 1;\n" }, ctx);
    // Alternates so every edit really changes the file.
    const edit = await timeCalls(
      editFileTool,
      CALLS,
      (i) => (i % 2 === 0 ? { path: file, oldText: "x = 1", newText: "x = 2" } : { path: file, oldText: "x = 2", newText: "x = 1" }),
      fx.worktree,
    );
    const grep = await timeCalls(grepTool, GREP_CALLS, () => ({ pattern: "export", path: "src" }), fx.worktree);

    const rows: [string, Timing][] = [
      ["read_file", read],
      ["write_file", write],
      ["edit_file", edit],
      ["grep (one git process, sandboxed where bubblewrap is available)", grep],
    ];
    return rows.flatMap(([name, timing]) => [
      { name: `${name} per call p50`, value: percentile(timing.wall, 50) * 1000, unit: "µs" },
      { name: `${name} per call p99`, value: percentile(timing.wall, 99) * 1000, unit: "µs" },
      ...(name === "grep" || name.startsWith("grep ") ? [] : [{ name: `${name} server CPU per call (mean)`, value: timing.cpuUs, unit: "µs" }]),
    ]);
  } finally {
    await fx.cleanup();
  }
}
