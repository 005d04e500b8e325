/**
 * T5, S4, G4, G7, M8: the gate for calls an engine runs itself (the Claude
 * Code CLI's own tools). At every call the room's mode is resolved again and
 * the capability compiled again: when it differs from the one the turn began
 * under — a person switched the mode, a policy edit moved the room — the call
 * is refused and the engine ends its session, so the very next call runs under
 * the new mode (in a new session with the new tools and mount plan). Otherwise
 * the same guard as the built-in harness decides, and the call is recorded once
 * with its decision, the identity of the tool decided on and the fingerprint.
 * A call the dial asks about opens an "Agent approval" and parks the run on it:
 * nothing polls; once a person allows it, the lifecycle runs it through its
 * Gatehouse counterpart (settle-calls.ts) and the next turn goes on.
 */
import { resolveTurn, type ResolvedTurn } from "../../dispatch/resolve-mode";
import { guardCall } from "../../modes/guard";
import type { Surface } from "../../modes/surface";
import { toolIdentity } from "../../modes/tool-identity";
import type { CallStatus, RunRecord } from "../types";
import type { RunCheckpoint } from "./checkpoint";
import { capabilityFor, capOutput, soleToolNamed, truncate } from "./settle-calls";
import type { EngineCall, GateVerdict, HarnessDeps, RunEnvironment, TurnContext } from "./turn-engine";

interface TurnCapability {
  turn: ResolvedTurn;
  surface: Surface;
  fingerprint: string;
}

export function engineCallGate(
  deps: HarnessDeps,
  run: RunRecord,
  env: RunEnvironment,
  checkpoint: RunCheckpoint,
  began: TurnCapability,
): Pick<TurnContext, "gateCall" | "callFinished"> {
  async function record(call: EngineCall, now: TurnCapability, decision: { decision: "allow" | "deny" | "confirm"; rule: string; reason: string; toolId: string | null }, status: CallStatus, result?: string) {
    const label = call.surfaceTool ? soleToolNamed(deps.tools, call.surfaceTool) : undefined;
    const reason = `${decision.reason} [${decision.rule}]`;
    const { record: recorded } = await deps.store.recordCall({
      runId: run.id,
      callId: call.callId,
      step: checkpoint.step,
      tool: call.tool,
      toolId: decision.toolId,
      tier: label?.tier ?? "unknown",
      effects: label?.effects ?? [],
      args: call.input ?? null,
      mode: now.turn.mode,
      fingerprint: now.fingerprint,
      decision: decision.decision,
      reason,
      status,
    });
    await deps.events.emit({
      type: "tool.call",
      runId: run.id,
      callId: call.callId,
      tool: call.tool,
      tier: recorded.tier,
      effects: recorded.effects,
      decision: decision.decision,
      reason,
      args: call.input ?? null,
    });
    if (result !== undefined) {
      await deps.store.finishCall(run.id, call.callId, { status, result });
      await deps.events.emit({ type: "tool.result", runId: run.id, callId: call.callId, tool: call.tool, status, output: result });
    }
  }

  async function refuse(call: EngineCall, now: TurnCapability, rule: string, reason: string): Promise<GateVerdict> {
    await record(call, now, { decision: "deny", rule, reason, toolId: null }, "refused", `Refused by Gatehouse: ${reason} [${rule}]`);
    return { verdict: "deny", rule, reason };
  }

  return {
    async gateCall(call) {
      // A call seen before (the CLI asks in its hook and again in canUseTool) keeps its first decision.
      const seen = await deps.store.getCall(run.id, call.callId);
      if (seen) {
        if (seen.decision === "allow" && seen.status !== "refused") return { verdict: "allow", rule: "M4", reason: seen.reason };
        return { verdict: seen.status === "waiting" ? "park" : "deny", rule: "G4", reason: seen.reason };
      }
      const turn = await resolveTurn(deps.rooms, run);
      const now = { turn, ...capabilityFor(deps, env, turn) };
      if (now.fingerprint !== began.fingerprint) {
        const reason = `the room changed to ${now.surface.profile.label} mode (or its policy changed) during this session; the call was not run, and the session goes on under the new mode`;
        await refuse(call, now, "S4", reason);
        return { verdict: "restart", reason };
      }
      if (!call.surfaceTool) return refuse(call, now, call.refusal?.rule ?? "T3", call.refusal?.reason ?? `${call.tool} has no place on the surface`);
      const decision = guardCall(now.surface, call.surfaceTool);
      if (decision.decision === "deny") return refuse(call, now, decision.rule, decision.reason);
      if (call.refusal) return refuse(call, now, call.refusal.rule, call.refusal.reason);
      const toolId = toolIdentity(decision.tool.spec);

      if (decision.decision === "confirm") {
        if (!call.counterpart) {
          return refuse(call, now, "G4", `${call.tool} needs a person's confirmation, and on this transport only calls Gatehouse can run itself once allowed can wait for one (write_file, edit_file, run_command)`);
        }
        if (!(await deps.presence.anyConnected(run.workspaceId))) {
          return refuse(call, now, "G4", "this call needs a person's confirmation and no one who could approve is connected right now");
        }
        await record(call, now, { decision: "confirm", rule: decision.rule, reason: decision.reason, toolId }, "waiting");
        const summary = `${call.tool} ${truncate(JSON.stringify(call.input ?? {}), 300)}`;
        const approvalId = await deps.store.createCallApproval({ workspaceId: run.workspaceId, roomId: run.roomId, runId: run.id, callId: call.callId, summary });
        await deps.events.emit({ type: "approval.requested", runId: run.id, callId: call.callId, approvalId, tool: call.tool, summary });
        // The run parks on this call as on any pending call; once allowed, Gatehouse runs its counterpart (M8: the tool decided on).
        checkpoint.pending = {
          mode: now.turn.mode,
          modeId: now.turn.profile.id,
          fingerprint: now.fingerprint,
          calls: [{ toolCallId: call.callId, toolName: call.counterpart.toolName, input: call.counterpart.input }],
          results: [],
        };
        return { verdict: "park", reason: "waiting for a person to confirm a call" };
      }
      await record(call, now, { decision: "allow", rule: decision.rule, reason: decision.reason, toolId }, "executing");
      return { verdict: "allow", rule: decision.rule, reason: decision.reason };
    },

    async callFinished(callId, result) {
      const recorded = await deps.store.getCall(run.id, callId);
      if (!recorded || recorded.status !== "executing") return;
      const status: CallStatus = result.isError ? "error" : "executed";
      const output = capOutput(result.output);
      await deps.store.finishCall(run.id, callId, { status, result: output });
      await deps.events.emit({ type: "tool.result", runId: run.id, callId, tool: recorded.tool, status, output });
    },
  };
}
