/**
 * T2–T5: the Claude Code CLI as a turn engine of the one run lifecycle. One
 * turn is one CLI session; everything around it is the lifecycle's. Inside
 * the session:
 *  - every call the CLI is about to make passes the lifecycle's gate, which
 *    resolves the room's mode again (a person's switch governs the very next
 *    call), records the call with its fingerprint and the tool decided on;
 *  - every model request passes the session's relay, which asks the lifecycle
 *    first (a spent budget refuses it) and counts its usage on the run;
 *  - a call that needs a person parks the run: the session ends, nothing polls;
 *    once allowed, Gatehouse runs the call through its own counterpart tool
 *    (write_file, edit_file, run_command) and the next turn starts a new
 *    session that is told what happened;
 *  - a mode change mid-session ends the session, and the next turn starts one
 *    under the new mode's tools and mount plan.
 *
 * Why a new session, not the CLI's own resume: the CLI keeps its session in its
 * private HOME — inside the sandbox a tmpfs that ends with the session, and a
 * file the sandboxed shell may rewrite — so resuming it means trusting state the
 * model could edit, in a format that is the CLI's own. The run's checkpoint is
 * Gatehouse's: the session's words, calls and results are kept there (A5) and a
 * continuing session is given them as its prompt. What the CLI kept in memory
 * beyond that (which files it read) is lost; it reads them again.
 */
import type { TurnContext, TurnEngine, TurnOutcome } from "../../harness/lifecycle/turn-engine";
import { toolResultMessage } from "../../models/tool-result-message";
import type { ClaudeCodeEndpoint } from "./claude-code-endpoint";
import { continuationPrompt, lastUserText } from "./continuation-prompt";
import type { ClaudeGateAnswer } from "./run-claude-code";

export interface ClaudeCodeEngineOptions {
  endpoint: ClaudeCodeEndpoint;
  /** H4: the address-checked fetch the relay reaches the endpoint with */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** T4: start the CLI in the sandbox; false runs it outside, as a convention (the panel says so) */
  sandboxed: boolean;
}

/** Why a session ended before the CLI finished. */
type Stop = { kind: "park" } | { kind: "restart"; reason: string } | { kind: "hold"; reason: string };

const TAKEN_OVER =
  "The worker stopped during the Claude Code session. It was not run again, so none of its tool calls ran twice; check the worktree, then ask again.";

export function claudeCodeEngine(options: ClaudeCodeEngineOptions): TurnEngine {
  return {
    transport: "claude-code",
    // A5: a CLI session is one process; replaying it could run its calls twice.
    takeOver: () => TAKEN_OVER,
    turn: (ctx) => takeSession(ctx, options),
  };
}

async function takeSession(ctx: TurnContext, options: ClaudeCodeEngineOptions): Promise<TurnOutcome> {
  const { run, checkpoint, turn } = ctx;
  const worktree = turn.room?.worktreePath;
  if (!worktree) return { kind: "finished", status: "failed", outcome: null, error: "The Claude Code transport works in a room with a worktree." };
  const ownFrom = checkpoint.ownFrom ?? checkpoint.messages.length;
  const prompt = checkpoint.messages.length > ownFrom ? continuationPrompt(checkpoint.messages, ownFrom) : lastUserText(checkpoint.messages);
  const session: { stop: Stop | null } = { stop: null };
  const uses = new Map<string, { tool: string; input: unknown }>();
  const steps = Math.max(1, ctx.limits.maxSteps - checkpoint.step);

  // The Claude Agent SDK loads with the first turn that needs it, not with every server process.
  const { runClaudeCodeTurn } = await import("./run-claude-code");
  const result = await runClaudeCodeTurn({
    surface: ctx.surface,
    worktree,
    prompt,
    baseUrl: options.endpoint.baseUrl,
    apiKey: options.endpoint.apiKey,
    model: options.endpoint.model,
    fetch: options.fetch,
    sandboxed: options.sandboxed,
    ...(options.sandboxed ? { sandbox: { workspaceId: run.workspaceId, posture: turn.profile.posture } } : {}),
    signal: ctx.signal,
    maxTurns: steps,
    relay: {
      // O6, T5: the budget before every model call of the session, and every call counted as a step.
      async beforeRequest() {
        const hold = await ctx.beforeModelCall();
        if (hold) {
          session.stop ??= { kind: "hold", reason: hold };
          return hold;
        }
        checkpoint.step += 1;
        return null;
      },
      onUsage: (usage) => ctx.recordUsage(usage),
      onRefused: (reason) => ctx.events.emit({ type: "model.refused", runId: run.id, reason }),
    },
    async gate(call): Promise<ClaudeGateAnswer> {
      const callId = call.toolUseId;
      if (!callId) return { allow: false, message: "Refused by Gatehouse: a call without an id cannot be recorded [T4]" };
      const verdict = await ctx.gateCall({
        callId,
        tool: call.tool,
        surfaceTool: call.decision.gatehouseTool,
        input: call.input,
        counterpart: call.counterpart,
        ...(call.decision.decision === "deny" ? { refusal: { rule: call.decision.rule, reason: call.decision.reason } } : {}),
      });
      switch (verdict.verdict) {
        case "allow":
          return { allow: true };
        case "deny":
          return { allow: false, message: `Refused by Gatehouse: ${verdict.reason} [${verdict.rule}]` };
        case "restart":
          session.stop ??= { kind: "restart", reason: verdict.reason };
          return { allow: false, message: `Refused by Gatehouse: ${verdict.reason} [S4]`, end: true };
        case "park":
          session.stop ??= { kind: "park" };
          return { allow: false, message: "Gatehouse: this call waits for a person's decision; the session pauses until then [G4]", end: true };
      }
    },
    async onEvent(event) {
      if (event.type === "text") {
        checkpoint.lastText = event.text;
        checkpoint.messages.push({ role: "assistant", content: [{ type: "text", text: event.text }] });
        await ctx.events.emit({ type: "message", runId: run.id, text: event.text });
      } else if (event.type === "tool.use") {
        uses.set(event.toolUseId, { tool: event.tool, input: event.input });
        checkpoint.messages.push({ role: "assistant", content: [{ type: "tool-call", toolCallId: event.toolUseId, toolName: event.tool, input: event.input ?? {} }] });
      } else if (event.type === "tool.result") {
        // The parked call's answer is Gatehouse's, written when it runs; the CLI's "waiting" reply is not kept.
        if (checkpoint.pending?.calls.some((c) => c.toolCallId === event.toolUseId)) return;
        const use = uses.get(event.toolUseId);
        checkpoint.messages.push(toolResultMessage([{ toolCallId: event.toolUseId, toolName: use?.tool ?? "tool", output: event.text, isError: event.isError }]));
        await ctx.callFinished(event.toolUseId, { output: event.text, isError: event.isError });
      }
    },
  });

  const stopped = session.stop;
  if (stopped?.kind === "park") return { kind: "waiting" };
  if (stopped?.kind === "hold") return { kind: "waiting", reason: stopped.reason };
  if (stopped?.kind === "restart") {
    checkpoint.messages.push({ role: "user", content: `Gatehouse: ${stopped.reason}. Your tools now are the new mode's; go on within them.` });
    return { kind: "continue" };
  }
  if (result.isError) return { kind: "finished", status: "failed", outcome: null, error: "the Claude Code CLI reported an error" };
  if (!result.text) checkpoint.messages.push({ role: "assistant", content: [{ type: "text", text: "(no answer)" }] });
  return { kind: "finished", status: "succeeded", outcome: null };
}
