/**
 * Issue 12 benchmarks. (1) What Gatehouse's gate adds to each tool call on the
 * Claude Code transport: the real CLI against a local Anthropic Messages
 * server plays 30 Read calls, once through runClaudeCodeTurn (PreToolUse hook
 * and canUseTool ask Gatehouse's guard) and once with the CLI's own auto-allow
 * and no hook; per call, the time from the model's answer to the next request
 * (the CLI ran the tool in between); then the same gated session with the CLI
 * inside the sandbox (its requests through Gatehouse's relay), and what the
 * sandbox adds to a session's start (query → first model request).
 * (2) Sub-agent start-up overhead on
 * PostgreSQL: a delegated one-turn answer against the same answer given directly.
 */
import path from "node:path";
import { query } from "@anthropic-ai/claude-agent-sdk";
import { openDatabase } from "../lib/db/client";
import type { Prisma } from "../lib/db/generated/client";
import { newCheckpoint } from "../lib/harness/lifecycle/checkpoint";
import { profileOf } from "../lib/modes/profiles";
import { materializeSurface } from "../lib/modes/surface";
import { parseHostRules } from "../lib/net/address-policy";
import { createGuardedFetch } from "../lib/net/guarded-fetch";
import { makeFixture } from "../lib/repos/git.test-support";
import { detectSandbox } from "../lib/sandbox/detect-sandbox";
import { readyForSandbox } from "../lib/sandbox/sandbox.test-support";
import { advanceStoredRun } from "../lib/runtime/advance-stored-run";
import { TOOL_SPECS } from "../lib/tools/registry";
import { runClaudeCodeTurn } from "../lib/transports/claude-code/run-claude-code";
import { startAnthropicScriptServer, type ScriptedTurn } from "../lib/transports/claude-code/testing/anthropic-script-server";
import { withFreshDatabase } from "./fresh-database";
import { percentileOf, type BenchResult } from "./stats";

const CALLS = 30;

function perCall(timings: { arrivedAt: number; answeredAt: number }[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < timings.length; i++) out.push(timings[i]!.arrivedAt - timings[i - 1]!.answeredAt);
  return out.slice(0, CALLS);
}

async function claudeCodeGate(): Promise<BenchResult[]> {
  const fx = await makeFixture();
  const script: ScriptedTurn[] = [...Array.from({ length: CALLS }, () => ({ toolUses: [{ name: "Read", input: { file_path: path.join(fx.worktree, "README.md") } }] })), { text: "Done." }];
  try {
    await readyForSandbox(fx);
    // The start-up probe runs once per process; a server has run it long before a session starts.
    await detectSandbox();
    const gatedServer = await startAnthropicScriptServer(script);
    const surface = materializeSurface(profileOf("plan"), TOOL_SPECS, { autonomy: "auto" });
    let started = performance.now();
    const gatedFetch = createGuardedFetch({ allowedHosts: () => parseHostRules([new URL(gatedServer.baseUrl).host]), purpose: "model endpoint", setting: "GATEHOUSE_ALLOWED_MODEL_HOSTS" });
    const gated = await runClaudeCodeTurn({ surface, worktree: fx.worktree, prompt: "read", baseUrl: gatedServer.baseUrl, apiKey: "bench", model: "claude-sonnet-4-5", fetch: gatedFetch, sandboxed: false, maxTurns: CALLS + 2 });
    const outsideStart = gatedServer.timings[0]!.arrivedAt - started;
    await gatedServer.close();

    // T4: the same gated session with the CLI in the sandbox, reaching the server through the relay (H4).
    const sandboxServer = await startAnthropicScriptServer(script);
    const relayFetch = createGuardedFetch({ allowedHosts: () => parseHostRules([new URL(sandboxServer.baseUrl).host]), purpose: "model endpoint", setting: "GATEHOUSE_ALLOWED_MODEL_HOSTS" });
    started = performance.now();
    await runClaudeCodeTurn({
      surface, worktree: fx.worktree, prompt: "read", baseUrl: sandboxServer.baseUrl, apiKey: "bench", model: "claude-sonnet-4-5", maxTurns: CALLS + 2,
      fetch: relayFetch, sandboxed: true, sandbox: { workspaceId: "bench", posture: "read-only" },
    });
    const insideStart = sandboxServer.timings[0]!.arrivedAt - started;
    await sandboxServer.close();

    const plainServer = await startAnthropicScriptServer(script);
    for await (const _ of query({
      prompt: "read",
      options: {
        cwd: fx.worktree,
        model: "claude-sonnet-4-5",
        tools: ["Read"],
        allowedTools: ["Read"],
        settingSources: [],
        maxTurns: CALLS + 2,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: fx.worktree, ANTHROPIC_BASE_URL: plainServer.baseUrl, ANTHROPIC_API_KEY: "bench", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1" },
      },
    })) {
      // drain
    }
    await plainServer.close();
    const withGate = perCall(gatedServer.timings);
    const without = perCall(plainServer.timings);
    const sandboxed = perCall(sandboxServer.timings);
    return [
      { name: `Claude Code: per Read call, CLI with Gatehouse's gate (p50, ${withGate.length} calls)`, value: percentileOf(withGate, 50), unit: "ms" },
      { name: "Claude Code: per Read call, CLI with Gatehouse's gate (p99)", value: percentileOf(withGate, 99), unit: "ms" },
      { name: "Claude Code: per Read call, CLI auto-allowing, no hook (p50)", value: percentileOf(without, 50), unit: "ms" },
      { name: "Claude Code: per Read call, CLI auto-allowing, no hook (p99)", value: percentileOf(without, 99), unit: "ms" },
      { name: "Claude Code: added by the gate per call (p50 difference)", value: percentileOf(withGate, 50) - percentileOf(without, 50), unit: "ms" },
      { name: "Claude Code: added by the gate per call (p99 difference)", value: percentileOf(withGate, 99) - percentileOf(without, 99), unit: "ms" },
      { name: "Claude Code: the guard's own decision inside the hook (p50)", value: percentileOf(gated.gateMs, 50), unit: "ms" },
      { name: "Claude Code: the guard's own decision inside the hook (p99)", value: percentileOf(gated.gateMs, 99), unit: "ms" },
      { name: "Claude Code in the sandbox: per Read call, gated, through the relay (p50)", value: percentileOf(sandboxed, 50), unit: "ms" },
      { name: "Claude Code in the sandbox: per Read call, gated, through the relay (p99)", value: percentileOf(sandboxed, 99), unit: "ms" },
      { name: "Claude Code in the sandbox: added per call over the gated CLI outside (p50 difference)", value: percentileOf(sandboxed, 50) - percentileOf(withGate, 50), unit: "ms" },
      { name: "Claude Code: session start to first model request, outside the sandbox", value: outsideStart, unit: "ms" },
      { name: "Claude Code: session start to first model request, in the sandbox (relay, mounts, bwrap)", value: insideStart, unit: "ms" },
    ];
  } finally {
    await fx.cleanup();
  }
}

async function subagentStartup(): Promise<BenchResult[]> {
  return withFreshDatabase("sub-agent start-up", measureSubagentStartup);
}

async function measureSubagentStartup(databaseUrl: string, worktree: string): Promise<BenchResult[]> {
  const db = await openDatabase({ url: databaseUrl, migrate: false });
  const { prisma } = db;
  const workspace = await prisma.workspace.create({ data: { name: "bench", slug: `bench-${Date.now()}` } });
  const child = await prisma.agent.create({ data: { workspaceId: workspace.id, name: "child", script: { scenarios: [{ steps: [{ text: "The answer." }] }] } as Prisma.InputJsonValue } });
  const parent = await prisma.agent.create({
    data: {
      workspaceId: workspace.id,
      name: "parent",
      script: { scenarios: [{ when: "^delegate", steps: [{ toolCalls: [{ name: "delegate", args: { task: "answer", agent: "child" } }] }, { text: "Relayed." }] }, { steps: [{ text: "The answer." }] }] } as Prisma.InputJsonValue,
    },
  });
  const room = await prisma.room.create({ data: { workspaceId: workspace.id, name: "bench", mode: "chat", autonomy: "auto", agentId: parent.id, worktreePath: worktree, conversations: { create: { title: "Main" } } } });
  const newRun = (content: string) =>
    prisma.run.create({ data: { workspaceId: workspace.id, roomId: room.id, agentId: parent.id, state: newCheckpoint([{ role: "user", content }]) as unknown as Prisma.InputJsonValue } });
  const direct: number[] = [];
  const delegated: number[] = [];
  for (let i = 0; i < 25; i++) {
    const plain = await newRun("answer directly");
    let started = performance.now();
    await advanceStoredRun(db, plain.id, { owner: "bench" });
    direct.push(performance.now() - started);

    const run = await newRun("delegate the answer");
    started = performance.now();
    await advanceStoredRun(db, run.id, { owner: "bench" });
    const sub = await prisma.run.findFirstOrThrow({ where: { parentRunId: run.id } });
    await advanceStoredRun(db, sub.id, { owner: "bench" });
    await advanceStoredRun(db, run.id, { owner: "bench" });
    delegated.push(performance.now() - started);
  }
  await db.close();
  // The first rounds include module loading and JIT warm-up.
  direct.splice(0, 5);
  delegated.splice(0, 5);
  return [
    { name: "Sub-agent: a one-turn answer given directly (p50, no queue)", value: percentileOf(direct, 50), unit: "ms" },
    { name: "Sub-agent: the same answer through delegate → child → parent (p50, no queue)", value: percentileOf(delegated, 50), unit: "ms" },
    { name: "Sub-agent: start-up overhead (p50 difference)", value: percentileOf(delegated, 50) - percentileOf(direct, 50), unit: "ms" },
  ];
}

export async function benchPaths(): Promise<BenchResult[]> {
  return [...(await claudeCodeGate()), ...(await subagentStartup())];
}
