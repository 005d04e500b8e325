/**
 * The agent loop (T1): resolve the mode → materialize the surface → one model
 * turn with only the surface's tools → every call through the gate → results
 * back → repeat until the model stops or a limit is hit. The checkpoint is
 * saved before any tool runs, so a run can be resumed in any process (A5).
 */
import { resolveTurn } from "../dispatch/resolve-mode";
import { promptBlock } from "../modes/prompt";
import { streamTurn, toolResultMessage } from "../models/stream-turn";
import { completionHook } from "./completion";
import { capabilityFor, settleCalls, type StepContext } from "./settle-calls";
import type { CallResult, HarnessDeps, HarnessLimits, RunCheckpoint, RunEnvironment, RunRecord, RunStatus } from "./types";
import type { ModeProfile } from "../modes/types";
import type { TodoItem } from "../rooms/replace-todos";

export const DEFAULT_LIMITS: HarnessLimits = { maxSteps: 24, maxCallsPerStep: 16 };

export interface AdvanceResult {
  status: RunStatus;
  outcome: string | null;
  /** false when another process holds the run (or it had already ended): nothing was done */
  claimed: boolean;
}

/** Takes a queued or waiting run as far as it can go. Safe to call again after a crash. */
export async function advanceRun(deps: HarnessDeps, runId: string): Promise<AdvanceResult> {
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
    if (checkpoint.pending) {
      const resumed = await continueStep(deps, run, env, checkpoint);
      if (resumed === "waiting") return park(deps, run, checkpoint);
    } else if (checkpoint.step === 0) {
      checkpoint.startedAt ??= Date.now();
      const turn = await resolveTurn(deps.rooms, run);
      await deps.events.emit({ type: "run.started", runId, mode: turn.mode });
    }

    while (checkpoint.step < limits.maxSteps) {
      const turn = await resolveTurn(deps.rooms, run);
      // X1: a mode's own turn limit narrows the harness's, never raises it.
      if (turn.profile.maxTurns !== null && checkpoint.step >= Math.min(turn.profile.maxTurns, limits.maxSteps)) {
        return finishRun(deps, run, checkpoint, "failed", null, null, `stopped after ${turn.profile.maxTurns} model turns (${turn.profile.label} mode's limit)`);
      }
      const limit = turn.profile.timeoutSeconds;
      if (limit !== null && checkpoint.startedAt !== undefined && Date.now() - checkpoint.startedAt > limit * 1000) {
        return finishRun(deps, run, checkpoint, "failed", null, null, `stopped after ${limit} seconds (${turn.profile.label} mode's time limit)`);
      }
      const { surface, fingerprint } = capabilityFor(deps, env, turn);
      await deps.events.emit({ type: "turn.started", runId, step: checkpoint.step, mode: turn.mode, modeId: turn.profile.id, fingerprint });
      const todos = turn.room ? await deps.store.todos(run.workspaceId, turn.room.id) : [];
      // O6: a budget that is spent stops the run before the model is called, not after.
      const hold = env.beforeModelCall ? await env.beforeModelCall() : null;
      if (hold) return park(deps, run, checkpoint, hold);
      const result = await streamTurn({
        model: env.model,
        system: [env.agentPrompt, promptBlock(surface), todoBlock(todos)].filter(Boolean).join("\n\n"),
        messages: checkpoint.messages,
        tools: Object.fromEntries(
          surface.tools.map(({ spec }) => {
            const tool = deps.tools.find((t) => t.name === spec.name)!;
            return [spec.name, { description: spec.description, inputSchema: tool.input }];
          }),
        ),
        onTextDelta: (delta) => void deps.events.emit({ type: "text.delta", runId, delta }),
        signal: deps.signal,
      });
      if (result.usage && env.recordUsage) await env.recordUsage(result.usage);
      checkpoint.messages.push(...result.responseMessages);
      checkpoint.step += 1;
      checkpoint.lastText = result.text;
      if (result.text) await deps.events.emit({ type: "message", runId, text: result.text });

      if (result.toolCalls.length === 0) {
        const hook = completionHook(surface.profile.completion);
        if (hook && !checkpoint.delivered && !checkpoint.nudged) {
          // P4: exactly one nudge, which also permits the honest "no plan is needed here".
          checkpoint.messages.push({ role: "user", content: hook.nudge });
          checkpoint.nudged = true;
          await deps.events.emit({ type: "run.nudged", runId });
          await deps.store.saveCheckpoint(runId, checkpoint, "running", { profile: turn.profile, fingerprint });
          continue;
        }
        return finishRun(deps, run, checkpoint, "succeeded", hook ? hook.outcome({ ...checkpoint }) : null, turn.profile);
      }

      const calls = result.toolCalls.slice(0, limits.maxCallsPerStep);
      const overflow = result.toolCalls.slice(limits.maxCallsPerStep);
      checkpoint.pending = {
        mode: turn.mode,
        modeId: turn.profile.id,
        fingerprint,
        calls,
        results: [],
      };
      await deps.store.saveCheckpoint(runId, checkpoint, "running", { profile: turn.profile, fingerprint });
      const settled = await settleCalls({ deps, run, env, checkpoint, surface, fingerprint, worktree: turn.room?.worktreePath ?? null, git: turn.room?.git ?? null });
      if (settled === "waiting") return park(deps, run, checkpoint);
      closeStep(checkpoint, overflow.map((c) => ({ toolCallId: c.toolCallId, toolName: c.toolName, output: `Refused: at most ${limits.maxCallsPerStep} tool calls per step`, isError: true })));
      await deps.store.saveCheckpoint(runId, checkpoint, "running", { profile: turn.profile });
    }
    return finishRun(deps, run, checkpoint, "failed", null, null, `stopped after ${limits.maxSteps} model turns (the run's step limit)`);
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    return finishRun(deps, run, checkpoint, "failed", null, null, message);
  }
}

/** Resumes a step whose calls were waiting for a person. */
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

async function park(deps: HarnessDeps, run: RunRecord, checkpoint: RunCheckpoint, reason = "waiting for a person"): Promise<AdvanceResult> {
  await deps.store.saveCheckpoint(run.id, checkpoint, "waiting");
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
): Promise<AdvanceResult> {
  await deps.store.saveCheckpoint(run.id, checkpoint, status, { outcome, error: error ?? null, ...(profile ? { profile } : {}) });
  await deps.events.emit({ type: "run.finished", runId: run.id, status, outcome, error });
  return { status, outcome, claimed: true };
}

/** A1: the task list is shown to the agent before each step. */
function todoBlock(todos: TodoItem[]): string {
  if (todos.length === 0) return "";
  const mark = { pending: "[ ]", in_progress: "[~]", completed: "[x]" } as const;
  return ["## Your task list", ...todos.map((t) => `${mark[t.status]} ${t.content}`)].join("\n");
}
