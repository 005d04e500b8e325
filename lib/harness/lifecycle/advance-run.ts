/**
 * T5: the one run lifecycle. Every transport's runs go through it: claim the
 * run, read its checkpoint, resolve the room's mode at every turn (S4), compile
 * and fingerprint the capability (G7), check the budget before the model is
 * called (O6), let the run's turn engine take the turn, gate and run the calls
 * it asks for, park for a person (G4) or a budget, save the checkpoint before
 * any tool runs (A5), finish — and then the run-settled hooks (a sub-agent
 * answers its parent, A6; tickets and pipelines move on). The engines — the
 * built-in harness's model loop and the Claude Code CLI — only take turns.
 */
import { TERMINAL_RUN_STATUSES } from "../../run-status/run-status";
import { annotateSpan, withSpan } from "../../telemetry/context";
import { resolveTurn } from "../../dispatch/resolve-mode";
import type { ModeProfile } from "../../modes/types";
import type { HarnessLimits, RunRecord, RunStatus } from "../types";
import { toolResultMessage } from "../../models/stream-turn";
import type { CallResult, RunCheckpoint } from "./checkpoint";
import { engineCallGate } from "./gate-engine-call";
import { capabilityFor, settleCalls, type StepContext } from "./settle-calls";
import type { HarnessDeps, RunEnvironment, TurnContext } from "./turn-engine";

export const DEFAULT_LIMITS: HarnessLimits = { maxSteps: 24, maxCallsPerStep: 16 };

export interface AdvanceResult {
  status: RunStatus;
  outcome: string | null;
  /** false when another process holds the run (or it had already ended): nothing was done */
  claimed: boolean;
}

const TERMINAL = new Set<RunStatus>(TERMINAL_RUN_STATUSES);

/** Takes a queued or waiting run as far as it can go. Safe to call again after a crash. */
export async function advanceRun(deps: HarnessDeps, runId: string): Promise<AdvanceResult> {
  // Traces: one invoke_agent span per advance of the run (a run parked for a person is advanced again later).
  const result = await withSpan("invoke_agent", { "gen_ai.operation.name": "invoke_agent", "gatehouse.run.id": runId }, async (span) => {
    const advanced = await advance(deps, runId);
    span?.setAttributes({ "gatehouse.run.status": advanced.status, ...(advanced.outcome ? { "gatehouse.run.outcome": advanced.outcome } : {}) });
    return advanced;
  });
  // A6, O7, P3: the hooks run after every advance that leaves the run ended — also one that found it
  // ended (a job repeated after a crash between the end and the hooks); each hook is idempotent.
  if (TERMINAL.has(result.status)) await deps.settled?.(runId, result.status);
  return result;
}

async function advance(deps: HarnessDeps, runId: string): Promise<AdvanceResult> {
  const run = await deps.store.loadRun(runId);
  if (!run) throw new Error(`run ${runId} does not exist`);
  if (!run.checkpoint && !run.unreadable) throw new Error(`run ${runId} has no checkpoint to start from`);
  if (!(await deps.store.claimRun(runId))) return { status: run.status, outcome: null, claimed: false };
  if (!run.checkpoint) {
    // A5: a checkpoint this build cannot read is never resumed as something else; the run ends, saying why.
    const error = run.unreadable!;
    await deps.store.failRun(runId, error);
    await deps.events.emit({ type: "run.finished", runId, status: "failed", outcome: null, error });
    return { status: "failed", outcome: null, claimed: true };
  }
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  const checkpoint = run.checkpoint;

  try {
    const env = await deps.environment(run);
    annotateSpan({ "gen_ai.agent.name": env.agentName ?? "agent", ...(run.agentId ? { "gen_ai.agent.id": run.agentId } : {}), "gatehouse.transport": env.engine.transport }, `invoke_agent ${env.agentName ?? "agent"}`);
    const takenOver = run.status === "running" ? env.engine.takeOver?.(checkpoint) : null;
    if (takenOver) {
      const turn = await resolveTurn(deps.rooms, run);
      await deps.events.emit({ type: "run.started", runId, mode: turn.mode });
      return finishRun(deps, run, checkpoint, "failed", null, turn.profile, takenOver);
    }
    if (checkpoint.pending) {
      const resumed = await continueStep(deps, run, env, checkpoint);
      if (resumed === "waiting") return park(deps, run, checkpoint);
    } else if (checkpoint.step === 0) {
      checkpoint.startedAt ??= Date.now();
      const turn = await resolveTurn(deps.rooms, run);
      await deps.events.emit({ type: "run.started", runId, mode: turn.mode });
    }
    checkpoint.startedAt ??= Date.now();

    while (checkpoint.step < limits.maxSteps) {
      const turn = await resolveTurn(deps.rooms, run);
      annotateSpan({ "gatehouse.mode.id": turn.profile.id, "gatehouse.mode.base": turn.mode });
      // X1: a mode's own turn limit narrows the harness's, never raises it.
      if (turn.profile.maxTurns !== null && checkpoint.step >= Math.min(turn.profile.maxTurns, limits.maxSteps)) {
        return finishRun(deps, run, checkpoint, "failed", null, null, `stopped after ${turn.profile.maxTurns} model turns (${turn.profile.label} mode's limit)`);
      }
      const limit = turn.profile.timeoutSeconds;
      if (limit !== null && Date.now() - checkpoint.startedAt > limit * 1000) {
        return finishRun(deps, run, checkpoint, "failed", null, null, `stopped after ${limit} seconds (${turn.profile.label} mode's time limit)`);
      }
      const { surface, fingerprint } = capabilityFor(deps, env, turn);
      await deps.events.emit({ type: "turn.started", runId, step: checkpoint.step, mode: turn.mode, modeId: turn.profile.id, fingerprint });
      // O6: a budget that is spent stops the run before the model is called, not after.
      const hold = env.beforeModelCall ? await env.beforeModelCall() : null;
      if (hold) return park(deps, run, checkpoint, hold, { profile: turn.profile, fingerprint });
      const ctx: TurnContext = {
        run,
        env,
        checkpoint,
        turn,
        surface,
        fingerprint,
        tools: deps.tools,
        limits,
        events: deps.events,
        signal: deps.signal,
        beforeModelCall: async () => (env.beforeModelCall ? env.beforeModelCall() : null),
        recordUsage: async (usage) => env.recordUsage?.(usage),
        ...engineCallGate(deps, run, env, checkpoint, { turn, surface, fingerprint }),
      };
      const outcome = await env.engine.turn(ctx);
      const saved = { profile: turn.profile, fingerprint };

      if (outcome.kind === "continue") {
        await deps.store.saveCheckpoint(runId, checkpoint, "running", saved);
        continue;
      }
      if (outcome.kind === "finished") return finishRun(deps, run, checkpoint, outcome.status, outcome.outcome, turn.profile, outcome.error, fingerprint);
      if (outcome.kind === "waiting") return park(deps, run, checkpoint, outcome.reason, saved);

      checkpoint.pending = { mode: turn.mode, modeId: turn.profile.id, fingerprint, calls: outcome.calls, results: [] };
      await deps.store.saveCheckpoint(runId, checkpoint, "running", saved);
      const settled = await settleCalls({ deps, run, env, checkpoint, surface, fingerprint, worktree: turn.room?.worktreePath ?? null, git: turn.room?.git ?? null });
      if (settled === "waiting") return park(deps, run, checkpoint);
      closeStep(checkpoint, outcome.overflow.map((c) => ({ toolCallId: c.toolCallId, toolName: c.toolName, output: `Refused: at most ${limits.maxCallsPerStep} tool calls per step`, isError: true })));
      await deps.store.saveCheckpoint(runId, checkpoint, "running", { profile: turn.profile });
    }
    return finishRun(deps, run, checkpoint, "failed", null, null, `stopped after ${limits.maxSteps} model turns (the run's step limit)`);
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    return finishRun(deps, run, checkpoint, "failed", null, null, message);
  }
}

/** Resumes a step whose calls were waiting for a person (or a sub-agent). */
async function continueStep(deps: HarnessDeps, run: RunRecord, env: RunEnvironment, checkpoint: RunCheckpoint) {
  // S4, G8: the rest of the step runs under the room's mode as it is now — never a profile looked
  // up again by the id the calls were made in, which a policy edit may have removed.
  const turn = await resolveTurn(deps.rooms, run);
  const { surface, fingerprint } = capabilityFor(deps, env, turn);
  const ctx: StepContext = { deps, run, env, checkpoint, surface, fingerprint, worktree: turn.room?.worktreePath ?? null, git: turn.room?.git ?? null };
  const settled = await settleCalls(ctx);
  if (settled === "waiting") return "waiting";
  closeStep(checkpoint, []);
  await deps.store.saveCheckpoint(run.id, checkpoint, "running");
  return "done";
}

function closeStep(checkpoint: RunCheckpoint, extra: CallResult[]) {
  const results = [...checkpoint.pending!.results, ...extra];
  checkpoint.messages.push(toolResultMessage(results));
  checkpoint.pending = null;
}

async function park(
  deps: HarnessDeps,
  run: RunRecord,
  checkpoint: RunCheckpoint,
  reason = "waiting for a person",
  extra?: { profile: ModeProfile; fingerprint: string },
): Promise<AdvanceResult> {
  await deps.store.saveCheckpoint(run.id, checkpoint, "waiting", extra);
  await deps.events.emit({ type: "run.waiting", runId: run.id, reason });
  return { status: "waiting", outcome: null, claimed: true };
}

async function finishRun(
  deps: HarnessDeps,
  run: RunRecord,
  checkpoint: RunCheckpoint,
  status: RunStatus,
  outcome: string | null,
  profile: ModeProfile | null,
  error?: string,
  fingerprint?: string,
): Promise<AdvanceResult> {
  await deps.store.saveCheckpoint(run.id, checkpoint, status, { outcome, error: error ?? null, ...(profile ? { profile } : {}), ...(fingerprint ? { fingerprint } : {}) });
  await deps.events.emit({ type: "run.finished", runId: run.id, status, outcome, error });
  return { status, outcome, claimed: true };
}
