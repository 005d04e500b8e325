/**
 * Gate and execute the tool calls of one step (T1, G3, G4). Every call goes
 * through the guard before anything runs; each is recorded once per run, so a
 * resumed run never executes a call twice. Returns "waiting" when a call needs
 * a person (per-call approval or ask_user) — the run is then parked durably.
 * M8: the tool that runs is the one the guard decided on — the surface tool its
 * decision carries, recorded with its identity — never a second lookup by name.
 */
import { annotateSpan, spanEvent, withSpan } from "../../telemetry/context";
import { resolveTurn, type ResolvedTurn } from "../../dispatch/resolve-mode";
import { compileCapability, type CompiledCapability } from "../../modes/capability";
import { guardCall, type GuardDecision } from "../../modes/guard";
import { postureOf } from "../../modes/posture";
import type { Surface } from "../../modes/surface";
import { toolIdentity } from "../../modes/tool-identity";
import type { ModeProfile } from "../../modes/types";
import type { WorktreeGit } from "../../repos/worktree-git";
import { ToolError, type ToolContext, type ToolDefinition } from "../../tools/types";
import type { CallRecord, RunRecord } from "../types";
import type { HarnessDeps, RunEnvironment } from "./turn-engine";
import type { CallResult, PendingCall, RunCheckpoint } from "./checkpoint";

export interface StepContext {
  deps: HarnessDeps;
  run: RunRecord;
  env: RunEnvironment;
  checkpoint: RunCheckpoint;
  /** the surface of the turn the calls were made in */
  surface: Surface;
  /** G7: the fingerprint of the capability that surface belongs to */
  fingerprint: string;
  worktree: string | null;
  /** H2: the worktree's git data from the room's records */
  git: WorktreeGit | null;
}

const MAX_RESULT_CHARS = 60_000;

function errorResult(call: PendingCall, message: string): CallResult {
  return { toolCallId: call.toolCallId, toolName: call.toolName, output: message, isError: true };
}

/**
 * The capability a turn gets (X3, G7), through the one function the capability
 * panel and the API use too. `profile` overrides the turn's own when a step
 * resumes under the profile its calls were made in.
 */
export function capabilityFor(deps: HarnessDeps, env: RunEnvironment, turn: ResolvedTurn, profile: ModeProfile = turn.profile): CompiledCapability {
  return compileCapability({
    profile,
    policy: turn.policy,
    specs: deps.tools,
    autonomy: turn.autonomy,
    agentAllowlist: env.agentAllowlist,
    planShell: turn.room?.planShell ?? false,
    transport: env.engine.transport,
  });
}

export async function settleCalls(ctx: StepContext): Promise<"done" | "waiting"> {
  const pending = ctx.checkpoint.pending;
  if (!pending) return "done";
  while (pending.results.length < pending.calls.length) {
    const call = pending.calls[pending.results.length]!;
    const result = await settleOne(ctx, call);
    if (result === "waiting") return "waiting";
    pending.results.push(result);
  }
  return "done";
}

/** Traces: one execute_tool span per call (and per resumption of a call that waited on a person). */
function settleOne(ctx: StepContext, call: PendingCall): Promise<CallResult | "waiting"> {
  const attributes = { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": call.toolName, "gen_ai.tool.call.id": call.toolCallId, "gatehouse.run.id": ctx.run.id };
  return withSpan(`execute_tool ${call.toolName}`, attributes, async (span) => {
    const result = await settleUntraced(ctx, call);
    span?.setAttribute("gatehouse.tool.status", result === "waiting" ? "waiting" : result.isError ? "error" : "ok");
    return result;
  });
}

/** G7: the gate's decision, the rule that made it and the capability it was made under, on the call's span. */
function traceDecision(decision: { decision: string; rule?: string; reason: string }, fingerprint: string | null | undefined): void {
  annotateSpan({
    "gatehouse.gate.decision": decision.decision,
    "gatehouse.gate.reason": decision.reason,
    ...(decision.rule ? { "gatehouse.gate.rule": decision.rule } : {}),
    ...(fingerprint ? { "gatehouse.capability.fingerprint": fingerprint } : {}),
  });
}

async function settleUntraced(ctx: StepContext, call: PendingCall): Promise<CallResult | "waiting"> {
  const { deps, run } = ctx;
  // Decided (a pure function of the surface) and recorded in one statement; a call already on
  // record (the run was resumed) keeps its record and is never run a second time.
  const decision = guardCall(ctx.surface, call.toolName);
  // A refused call names no tool; the registry only labels the record then, and nothing of it runs.
  const label = decision.decision === "deny" ? soleToolNamed(deps.tools, call.toolName) : decision.tool.spec;
  const { record, created } = await deps.store.recordCall({
    runId: run.id,
    callId: call.toolCallId,
    step: ctx.checkpoint.step,
    tool: call.toolName,
    toolId: decision.decision === "deny" ? null : toolIdentity(decision.tool.spec),
    tier: label?.tier ?? "unknown",
    effects: label?.effects ?? [],
    args: call.input ?? null,
    mode: ctx.surface.mode,
    fingerprint: ctx.fingerprint,
    decision: decision.decision,
    reason: `${decision.reason} [${decision.rule}]`,
    status: decision.decision === "deny" ? "refused" : decision.decision === "confirm" ? "waiting" : "pending",
  });
  if (!created) return resumeRecorded(ctx, call, record);
  traceDecision(decision, ctx.fingerprint);
  await deps.events.emit({
    type: "tool.call",
    runId: run.id,
    callId: call.toolCallId,
    tool: call.toolName,
    tier: record.tier,
    effects: record.effects,
    decision: decision.decision,
    reason: record.reason,
    args: call.input ?? null,
  });

  if (decision.decision === "deny") {
    return finish(ctx, call, { status: "refused", output: `Refused: ${decision.reason}` }, true);
  }
  if (call.invalidReason) {
    return finish(ctx, call, { status: "error", output: `Invalid call: ${call.invalidReason}` }, true);
  }
  if (decision.decision === "confirm") {
    if (!(await deps.presence.anyConnected(run.workspaceId))) {
      const reason = "this call needs a person's confirmation and no one who could approve is connected right now [G4]";
      return finish(ctx, call, { status: "refused", output: `Refused: ${reason}`, reason }, true);
    }
    const summary = `${call.toolName} ${truncate(JSON.stringify(call.input ?? {}), 300)}`;
    const approvalId = await deps.store.createCallApproval({ workspaceId: run.workspaceId, roomId: run.roomId, runId: run.id, callId: call.toolCallId, summary });
    await deps.events.emit({ type: "approval.requested", runId: run.id, callId: call.toolCallId, approvalId, tool: call.toolName, summary });
    spanEvent("gatehouse.approval.requested", { "gatehouse.approval.id": approvalId });
    return "waiting";
  }
  return executeDecided(ctx, call, decision, record);
}

/** A call seen before (the run was resumed): never run it a second time. */
async function resumeRecorded(ctx: StepContext, call: PendingCall, record: CallRecord): Promise<CallResult | "waiting"> {
  const { deps, run } = ctx;
  switch (record.status) {
    case "executed":
    case "refused":
    case "error":
      return { toolCallId: call.toolCallId, toolName: call.toolName, output: record.result ?? null, isError: record.status !== "executed" };
    case "executing":
      // A worker died while the tool ran. Re-running could apply it twice; tell the model instead.
      return finish(ctx, call, { status: "error", output: "The outcome of this call is unknown: the worker stopped while it ran. It was not run again; check its effect before retrying." }, true);
    case "pending":
      // Decided, then the worker stopped before it ran: the surface decides again, and only the recorded tool may run.
      return executeDecided(ctx, call, guardCall(ctx.surface, call.toolName), record);
    case "waiting": {
      if (record.decision !== "confirm") return "waiting"; // a question (ask_user) still unanswered
      const approval = await deps.store.approvalForCall(run.id, call.toolCallId);
      if (!approval || approval.status === "pending") return "waiting";
      spanEvent("gatehouse.approval.decided", { "gatehouse.approval.status": approval.status, ...(approval.comment ? { "gatehouse.approval.comment": approval.comment } : {}) });
      if (approval.status !== "approved") {
        const why = approval.comment ? `: ${approval.comment}` : "";
        return finish(ctx, call, { status: "refused", output: `Refused by a person${why} [G4]` }, true);
      }
      // S4 applies to the wait too: if the room left this mode meanwhile, the new mode decides.
      const turn = await resolveTurn(deps.rooms, run);
      const { surface, fingerprint } = capabilityFor(deps, ctx.env, turn);
      const now = guardCall(surface, call.toolName);
      traceDecision(now, fingerprint);
      if (now.decision === "deny") {
        return finish(ctx, call, { status: "refused", output: `Refused: the room changed to ${surface.profile.label} mode while this call waited; ${now.reason}` }, true);
      }
      return executeDecided({ ...ctx, surface, fingerprint }, call, now, record);
    }
  }
}

/** The only registered tool of that name, for labelling a refused call; none when the name is unknown or shared. */
export function soleToolNamed(tools: readonly ToolDefinition[], name: string): ToolDefinition | undefined {
  const named = tools.filter((t) => t.name === name);
  return named.length === 1 ? named[0] : undefined;
}

/**
 * M8: runs the tool the guard's decision carries — the very object on the
 * surface, which is compiled from this run's registry — and only when it is
 * the identity the call was recorded with (a resumed call whose name now
 * stands for another tool, e.g. a server attached again under the same name,
 * is refused, not run).
 */
async function executeDecided(ctx: StepContext, call: PendingCall, decision: GuardDecision, record: CallRecord): Promise<CallResult | "waiting"> {
  if (decision.decision === "deny") {
    return finish(ctx, call, { status: "refused", output: `Refused: ${decision.reason}` }, true);
  }
  const decided = decision.tool.spec;
  const tool = ctx.deps.tools.find((t) => t === decided);
  if (!tool || (record.toolId && record.toolId !== toolIdentity(decided))) {
    const reason = `${call.toolName} no longer names the tool this call was decided on; it was not run [M8]`;
    return finish(ctx, call, { status: "refused", output: `Refused: ${reason}`, reason }, true);
  }
  return execute(ctx, call, tool);
}

async function execute(ctx: StepContext, call: PendingCall, tool: ToolDefinition): Promise<CallResult | "waiting"> {
  const { deps, run } = ctx;
  const parsed = tool.input.safeParse(call.input ?? {});
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".") || "(arguments)"}: ${i.message}`).join("; ");
    return finish(ctx, call, { status: "error", output: `Invalid arguments for ${tool.name}: ${detail}` }, true);
  }
  if (!(await deps.store.claimExecution(run.id, call.toolCallId))) {
    return finish(ctx, call, { status: "error", output: "This call is already being executed elsewhere; it was not run twice." }, true);
  }
  const toolContext: ToolContext = {
    workspaceId: run.workspaceId,
    roomId: run.roomId,
    runId: run.id,
    callId: call.toolCallId,
    mode: ctx.surface.mode,
    worktree: ctx.worktree,
    git: ctx.git,
    posture: postureOf(ctx.surface.profile),
    services: ctx.env.services,
    signal: deps.signal ?? new AbortController().signal,
  };
  const started = performance.now();
  try {
    const outcome = await tool.execute(parsed.data, toolContext);
    const durationMs = performance.now() - started;
    if ("suspend" in outcome) {
      await deps.store.finishCall(run.id, call.toolCallId, { status: "waiting", durationMs });
      if (outcome.suspend.kind === "question") {
        await deps.events.emit({ type: "question", runId: run.id, callId: call.toolCallId, prompt: outcome.suspend.prompt });
      } else if (outcome.suspend.kind === "subagent") {
        // A6: the parent waits for its sub-agent like for a person; the child's end writes this call's result.
        await deps.events.emit({ type: "subagent.started", runId: run.id, callId: call.toolCallId, childRunId: outcome.suspend.childRunId, task: outcome.suspend.task });
      }
      // G6: an "approval" suspension announced its request when it opened it; the decision answers this call.
      return "waiting";
    }
    if (!outcome.isError && tool.name === ctx.surface.profile.outputVerb) ctx.checkpoint.delivered = true;
    return finish(ctx, call, { status: outcome.isError ? "error" : "executed", output: outcome.output, durationMs }, outcome.isError === true);
  } catch (error) {
    const durationMs = performance.now() - started;
    const message = error instanceof ToolError ? error.message : `${tool.name} failed: ${(error as Error).message ?? String(error)}`;
    return finish(ctx, call, { status: "error", output: message, durationMs }, true);
  }
}

async function finish(
  ctx: StepContext,
  call: PendingCall,
  outcome: { status: CallRecord["status"]; output: unknown; durationMs?: number; reason?: string },
  isError: boolean,
): Promise<CallResult> {
  const output = capOutput(outcome.output);
  await ctx.deps.store.finishCall(ctx.run.id, call.toolCallId, { status: outcome.status, result: output, durationMs: outcome.durationMs, reason: outcome.reason });
  await ctx.deps.events.emit({ type: "tool.result", runId: ctx.run.id, callId: call.toolCallId, tool: call.toolName, status: outcome.status, output, durationMs: outcome.durationMs });
  return { toolCallId: call.toolCallId, toolName: call.toolName, output, isError };
}

/** Oversized results are cut so one tool cannot flood the transcript. */
export function capOutput(output: unknown): unknown {
  const text = typeof output === "string" ? output : JSON.stringify(output ?? null);
  if (text.length <= MAX_RESULT_CHARS) return output;
  return `${text.slice(0, MAX_RESULT_CHARS)}\n… [output truncated: ${text.length - MAX_RESULT_CHARS} more characters]`;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
