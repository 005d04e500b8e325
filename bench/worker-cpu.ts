/**
 * Worker CPU per scripted run: the CPU time one worker process spends to take a
 * scripted run of 4 model turns and 5 tool calls (list_dir, read_file, grep,
 * read_file, list_dir) from queued to succeeded, against PostgreSQL, measured
 * with process.cpuUsage() around advanceStoredRun (what a "run.advance" job
 * does), and where that time goes: a V8 CPU profile over the same runs, its
 * self time grouped by the code it was spent in. The PostgreSQL server's own
 * CPU is not counted (another process), nor the sandbox's (grep runs there).
 *
 * The room is a real one: a registered repository, its mirror and the room's
 * worktree made by createRoom, so `grep` (git grep in the sandbox) really
 * runs. Every run must succeed with every one of its 5 calls executed — a
 * refused or failed call fails the bench instead of being timed as done —
 * and the SQL statements a run sends are counted (those reading the room apart).
 *
 * The same runs are timed again with one core spinning (the fixed synthetic
 * load, printed as a ratio), and on the embedded PGlite, whose PostgreSQL runs
 * inside the worker's process, so its CPU is part of the figure there.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import pg from "pg";
import { openDatabase } from "../lib/db/client";
import { advanceStoredRun } from "../lib/runtime/advance-stored-run";
import { createRoom } from "../lib/rooms/create-room";
import { postMessage } from "../lib/runs/post-message";
import { processLauncher } from "../lib/sandbox/spawn-capped";
import { createAgent, createUser, createWorkspace } from "../tests/support/factories";
import { makeRepo, useDataDir } from "../tests/support/reviews";
import { percentile, type BenchResult } from "./stats";
import { createBenchDatabase } from "./fresh-database";
import { withOneCoreSpinning } from "./spin-core";
import type { Database } from "../lib/db/client";

const WARM = 5;
/** runs per block of the quiet / spinning alternation */
const BLOCK_RUNS = 10;
const RUNS = Math.max(BLOCK_RUNS, Math.round(Number(process.env.BENCH_CPU_RUNS ?? 30) / BLOCK_RUNS) * BLOCK_RUNS);
const PROFILED = 15;

const call = (name: string, args: unknown) => ({ name, args });
/** 4 turns, 5 tool calls, every tool read-only; grep runs git grep in the sandbox. */
const SCRIPT = {
  chunkDelayMs: 0,
  scenarios: [
    {
      steps: [
        { text: "Let me look around the repository first.", toolCalls: [call("list_dir", {})] },
        { text: "Reading the entry point and searching for the helper.", toolCalls: [call("read_file", { path: "src/index.ts" }), call("grep", { pattern: "add" })] },
        { toolCalls: [call("read_file", { path: "src/util.ts" }), call("list_dir", { path: "src" })] },
        { text: "Done: `add` lives in src/util.ts and src/index.ts calls it once." },
      ],
    },
  ],
};

/** Where profile time is attributed, first match wins. */
const GROUPS: [string, RegExp][] = [
  ["lib/harness (agent loop, checkpoint, prisma store)", /\/lib\/harness\//],
  ["lib/tools (tool execution)", /\/lib\/tools\//],
  ["lib/modes (surface, guard)", /\/lib\/modes\//],
  ["lib/runs + lib/events (event sink, events, services)", /\/lib\/(runs|events|presence|queue)\//],
  ["lib/models + AI SDK (scripted model, streaming)", /\/lib\/models\/|\/node_modules\/(ai|@ai-sdk)\//],
  ["Prisma client (query building, result mapping)", /\/node_modules\/(@prisma|\.prisma)\/|\/lib\/db\/generated\//],
  ["pg driver (protocol, parsing)", /\/node_modules\/(pg|pg-protocol|pg-types|pgpass|postgres-[a-z]+)\//],
  ["zod (validation)", /\/node_modules\/zod\//],
  ["other app code (lib, server)", /\/work\/.*\/(lib|server)\//],
  ["node internals (streams, timers, fs, crypto)", /^node:|^internal\/|^$/],
];

function groupOf(url: string, fn: string): string {
  if (fn === "(garbage collector)") return "garbage collection";
  if (fn === "(program)") return "V8 / native (program)";
  for (const [name, pattern] of GROUPS) if (pattern.test(url)) return name;
  return "other node_modules";
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

type SqlCounts = { total: number[]; room: number[] };

/** A room on a registered repository with the scripted agent; `one()` posts a message and times its run. */
async function scriptedRoom(db: Database, dataRoot: string, statements: ReturnType<typeof countStatements>, sql: SqlCounts) {
  const { prisma } = db;
  const owner = await createUser(prisma);
  const workspace = await createWorkspace(prisma, [{ userId: owner.id, role: "owner" }]);
  const agent = await createAgent(prisma, workspace.id, SCRIPT);
  const repo = await makeRepo(dataRoot, `cpu-repo-${db.kind}`, {
    "README.md": "# cpu\n",
    "src/index.ts": 'import { add } from "./util";\n\nexport function main() {\n  return add(1, 2);\n}\n',
    "src/util.ts": "export function add(a: number, b: number) {\n  return a + b;\n}\n",
  });
  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "cpu", path: repo } });
  const room = await createRoom(prisma, { workspaceId: workspace.id, userId: owner.id }, { name: "CPU", mode: "chat", autonomy: "auto", repositoryId: repository.id, agentId: agent.id });
  return async () => {
    const { run } = await postMessage(prisma, { workspaceId: workspace.id, roomId: room.id, userId: owner.id, content: "Where is add defined?" });
    statements.reset();
    const before = process.cpuUsage();
    const result = await advanceStoredRun(db, run!.id, { owner: "bench-cpu" });
    const used = process.cpuUsage(before);
    sql.total.push(statements.total);
    sql.room.push(statements.room);
    if (result?.status !== "succeeded") throw new Error(`the scripted run ended ${result?.status}`);
    const calls = await prisma.toolCall.findMany({ where: { runId: run!.id }, select: { tool: true, status: true, result: true } });
    const failed = calls.filter((c) => c.status !== "executed");
    if (calls.length !== 5 || failed.length > 0) throw new Error(`the scripted run's calls did not all execute: ${JSON.stringify(failed.length ? failed : calls.length).slice(0, 300)}`);
    const grep = JSON.stringify(calls.find((c) => c.tool === "grep")?.result ?? "");
    if (!grep.includes("src/util.ts")) throw new Error(`grep found nothing: ${grep.slice(0, 200)}`);
    return (used.user + used.system) / 1000;
  };
}

async function timed(one: () => Promise<number>, runs: number): Promise<number[]> {
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) cpu.push(await one());
  return cpu;
}

export async function benchWorkerCpu(): Promise<BenchResult[]> {
  const fresh = await createBenchDatabase("cpu");
  const data = await useDataDir();
  const db = await openDatabase({ url: fresh.url, migrate: true });
  const statements = countStatements();
  let lite: Database | null = null;
  try {
    const sql: SqlCounts = { total: [], room: [] };
    const one = await scriptedRoom(db, data.root, statements, sql);
    for (let i = 0; i < WARM; i++) await one();
    // Quiet and spinning alternate in blocks, so the JIT still warming up favours neither.
    const launcherBefore = launcherCpuMs();
    const cpu: number[] = [];
    const spinning: number[] = [];
    for (let block = 0; block < RUNS / BLOCK_RUNS; block++) {
      cpu.push(...(await timed(one, BLOCK_RUNS)));
      spinning.push(...(await withOneCoreSpinning(() => timed(one, BLOCK_RUNS))));
    }
    cpu.sort((a, b) => a - b);
    spinning.sort((a, b) => a - b);
    const launcherPerRun = (launcherCpuMs() - launcherBefore) / (2 * RUNS);

    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 200 });
    await session.post("Profiler.start");
    for (let i = 0; i < PROFILED; i++) await one();
    const { profile } = (await session.post("Profiler.stop")) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
    session.disconnect();
    // BENCH_CPU_PROFILE=<file.cpuprofile>: the profile itself, for a flame graph (Chrome DevTools, speedscope).
    if (process.env.BENCH_CPU_PROFILE) writeFileSync(process.env.BENCH_CPU_PROFILE, JSON.stringify(profile));

    // Self time per group, as a share of the sampled non-idle time.
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const byGroup = new Map<string, number>();
    const byFunction = new Map<string, number>();
    let busy = 0;
    // The profiler's own work (Profiler.stop serialising the profile, ~15 ms a run) is the bench's, not the run's.
    const profilerOwn = new Set<number>();
    const mark = (node: ProfileNode) => {
      profilerOwn.add(node.id);
      for (const child of node.children ?? []) mark(nodes.get(child)!);
    };
    for (const node of profile.nodes) if (node.callFrame.url === "node:inspector" && !profilerOwn.has(node.id)) mark(node);
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id)!;
      if (node.callFrame.functionName === "(idle)" || profilerOwn.has(id)) return;
      const dt = profile.timeDeltas[i] ?? 0;
      busy += dt;
      const group = groupOf(node.callFrame.url, node.callFrame.functionName);
      byGroup.set(group, (byGroup.get(group) ?? 0) + dt);
      const where = `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.replace(/^.*\/(node_modules|lib)\//, "$1/") || "(native)"}`;
      byFunction.set(where, (byFunction.get(where) ?? 0) + dt);
    });
    // The embedded default: PGlite's PostgreSQL answers the same statements inside this process.
    lite = await openDatabase({ url: null, dataDir: "memory://", migrate: true });
    const oneOnPglite = await scriptedRoom(lite, data.root, statements, { total: [], room: [] });
    for (let i = 0; i < WARM; i++) await oneOnPglite();
    const onPglite = (await timed(oneOnPglite, RUNS)).sort((a, b) => a - b);

    const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
    // Profiled runs are measured apart (profiling costs CPU too); the breakdown splits the mean by the profile's shares.
    const breakdown = [...byGroup.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([group, time]): BenchResult => ({ name: `  where it goes: ${group}`, value: (mean * time) / busy, unit: "ms/run" }));
    const hot = [...byFunction.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([where, time]): BenchResult => ({ name: `  hottest: ${where}`.slice(0, 82), value: (mean * time) / busy, unit: "ms/run" }));
    return [
      { name: `worker CPU per scripted run (4 turns, 5 tool calls), p50 of ${RUNS}`, value: percentile(cpu, 50), unit: "ms" },
      { name: "worker CPU per scripted run, mean", value: mean, unit: "ms", target: "≤ 30 ms" },
      { name: "  p50 with one core spinning", value: percentile(spinning, 50), unit: "ms" },
      { name: "  ratio, spinning / quiet (p50)", value: percentile(spinning, 50) / percentile(cpu, 50), unit: "×" },
      { name: "  p50 on the embedded PGlite (its PostgreSQL's CPU included: same process)", value: percentile(onPglite, 50), unit: "ms" },
      // Not in the figure above, like the sandbox's own processes: the launcher forks the sandbox for grep.
      { name: "  the process launcher's CPU per run (starting the sandbox for grep)", value: launcherPerRun, unit: "ms" },
      { name: "SQL statements per scripted run (p50)", value: percentile([...sql.total].sort((a, b) => a - b), 50), unit: "" },
      { name: "  of them reading the room (p50)", value: percentile([...sql.room].sort((a, b) => a - b), 50), unit: "" },
      { name: "runs per second one 2-core machine can advance at that CPU cost", value: 2000 / mean, unit: "runs/s" },
      ...breakdown,
      ...hot,
    ];
  } finally {
    statements.restore();
    await lite?.close();
    await db.close();
    await data.cleanup();
    await fresh.drop();
  }
}

/** CPU time of this process's launcher so far (clock ticks of 10 ms: read over many runs, not one). */
function launcherCpuMs(): number {
  const pid = processLauncher()?.pid;
  if (!pid) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Counts the statements sent to PostgreSQL (every query of the driver adapter goes through
 * pg's Client#query), and those that read the Room table.
 */
function countStatements() {
  const original = pg.Client.prototype.query;
  const counts = { total: 0, room: 0 };
  // BENCH_SQL_LOG=<file>: the statements of the last run, one per line, to see what a run sends.
  const log = process.env.BENCH_SQL_LOG;
  let texts: string[] = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    const text = typeof config === "string" ? config : (config?.text ?? "");
    counts.total++;
    if (log) texts.push(text.replace(/\s+/g, " "));
    if (/FROM "(public"\.")?Room"/.test(text)) counts.room++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return {
    get total() {
      return counts.total;
    },
    get room() {
      return counts.room;
    },
    reset() {
      if (log && texts.length) writeFileSync(log, texts.join("\n") + "\n");
      texts = [];
      counts.total = 0;
      counts.room = 0;
    },
    restore() {
      pg.Client.prototype.query = original;
    },
  };
}
