/**
 * T2–T4: advances a run whose agent uses the Claude Code transport. The same
 * ports as the built-in harness (store, rooms, events, presence): the mode is
 * the room's (S4), the surface the profile's projection, every call the CLI
 * makes is recorded with its decision and reason like a built-in call, a call
 * the dial asks about opens an "Agent approval" (G4) and waits for it, and the
 * run ends with the CLI's answer. A CLI session is one process, so a run is
 * one turn here: a run taken over from a worker that died mid-session fails
 * with a message rather than replaying the session (its calls may have run).
 */
import { randomUUID } from "node:crypto";
import { resolveTurn } from "../../dispatch/resolve-mode";
import type { HarnessDeps } from "../../harness/types";
import { compileCapability } from "../../modes/capability";
import { runClaudeCodeTurn } from "./run-claude-code";

export interface ClaudeCodeEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
}

const APPROVAL_POLL_MS = 500;
const APPROVAL_WAIT_MS = 10 * 60_000;

function lastUserText(messages: { role: string; content: unknown }[]): string {
  const user = [...messages].reverse().find((m) => m.role === "user");
  if (!user) return "";
  if (typeof user.content === "string") return user.content;
  return (user.content as { type: string; text?: string }[]).flatMap((p) => (p.type === "text" && p.text ? [p.text] : [])).join("\n");
}

export async function advanceClaudeCodeRun(
  deps: Pick<HarnessDeps, "store" | "rooms" | "events" | "presence" | "tools" | "signal">,
  runId: string,
  agent: {
    endpoint: ClaudeCodeEndpoint;
    allowlist: readonly string[] | null;
    /** T4: start the CLI in the sandbox, reaching the endpoint through this address-checked fetch (H4); null: outside, as a convention */
    sandbox: { fetch: (input: string, init: RequestInit) => Promise<Response> } | null;
    /** the session's model tokens, added to the run (and its parents', A6) */
    recordUsage?: (usage: { inputTokens: number; outputTokens: number }) => Promise<void>;
  },
): Promise<{ status: "succeeded" | "failed"; outcome: null; claimed: boolean }> {
  const run = await deps.store.loadRun(runId);
  if (!run?.checkpoint) throw new Error(`run ${runId} has no checkpoint to start from`);
  if (!(await deps.store.claimRun(runId))) return { status: run.status === "succeeded" ? "succeeded" : "failed", outcome: null, claimed: false };
  const checkpoint = run.checkpoint;
  const turn = await resolveTurn(deps.rooms, run);
  if (run.status === "running") {
    // A worker died during the CLI session. Its calls may have run; replaying the session could run them twice.
    await deps.events.emit({ type: "run.started", runId, mode: turn.mode });
    checkpoint.lastText = "";
    const error = "The worker stopped during the Claude Code session. It was not run again, so none of its tool calls ran twice; check the worktree, then ask again.";
    await deps.store.saveCheckpoint(runId, checkpoint, "failed", { profile: turn.profile, outcome: null, error });
    await deps.events.emit({ type: "run.finished", runId, status: "failed", outcome: null, error });
    return { status: "failed", outcome: null, claimed: true };
  }
  const finish = async (status: "succeeded" | "failed", error?: string) => {
    await deps.store.saveCheckpoint(runId, checkpoint, status, { profile: turn.profile, outcome: null, error: error ?? null });
    await deps.events.emit({ type: "run.finished", runId, status, outcome: null, error });
    return { status, outcome: null, claimed: true } as const;
  };
  if (!turn.room?.worktreePath) return finish("failed", "The Claude Code transport works in a room with a worktree.");
  // X3: the same compile as the built-in harness (workspace grants ∩ agent allowlist ∩ mode), fingerprinted for this transport (G7).
  const { surface, fingerprint } = compileCapability({
    profile: turn.profile,
    policy: turn.policy,
    specs: deps.tools,
    autonomy: turn.autonomy,
    agentAllowlist: agent.allowlist,
    planShell: turn.room.planShell,
    transport: "claude-code",
  });
  await deps.events.emit({ type: "run.started", runId, mode: turn.mode });
  await deps.events.emit({ type: "turn.started", runId, step: checkpoint.step, mode: turn.mode, modeId: turn.profile.id, fingerprint });
  try {
    const result = await runClaudeCodeTurn({
      surface,
      worktree: turn.room.worktreePath,
      prompt: lastUserText(checkpoint.messages as { role: string; content: unknown }[]),
      ...agent.endpoint,
      sandboxed: agent.sandbox !== null,
      ...(agent.sandbox ? { sandbox: { workspaceId: run.workspaceId, posture: turn.profile.posture, fetch: agent.sandbox.fetch } } : {}),
      signal: deps.signal,
      async onEvent(event) {
        if (event.type === "text") await deps.events.emit({ type: "message", runId, text: event.text });
        if (event.type === "usage") await agent.recordUsage?.({ inputTokens: event.inputTokens, outputTokens: event.outputTokens });
        if (event.type !== "tool.call") return;
        const callId = event.toolUseId ?? randomUUID();
        const status = event.decision === "deny" ? "refused" : event.decision === "confirm" ? "waiting" : "executed";
        const reason = `${event.reason} [${event.rule}]`;
        await deps.store.recordCall({
          runId, callId, step: checkpoint.step, tool: event.tool, tier: surface.tools.find((t) => t.spec.name === event.gatehouseTool)?.spec.tier ?? "unknown",
          effects: [], args: event.input ?? null, mode: turn.mode, decision: event.decision, reason, status,
          ...(status === "refused" ? { result: `Refused by Gatehouse: ${event.reason}` } : {}),
        });
        await deps.events.emit({ type: "tool.call", runId, callId, tool: event.tool, tier: "", effects: [], decision: event.decision, reason, args: event.input ?? null });
      },
      async onConfirm(call) {
        const callId = call.toolUseId ?? "";
        if (!callId || !(await deps.presence.anyConnected(run.workspaceId))) {
          await deps.store.finishCall(runId, callId, { status: "refused", reason: "no one who could approve is connected [G4]" });
          return false;
        }
        const approvalId = await deps.store.createCallApproval({ workspaceId: run.workspaceId, roomId: run.roomId, runId, callId, summary: `${call.tool} ${JSON.stringify(call.input).slice(0, 300)}` });
        await deps.events.emit({ type: "approval.requested", runId, callId, approvalId, tool: call.tool, summary: call.tool });
        const until = Date.now() + APPROVAL_WAIT_MS;
        while (Date.now() < until) {
          const approval = await deps.store.approvalForCall(runId, callId);
          if (approval && approval.status !== "pending") {
            const approved = approval.status === "approved";
            await deps.store.finishCall(runId, callId, { status: approved ? "executed" : "refused" });
            return approved;
          }
          await new Promise((r) => setTimeout(r, APPROVAL_POLL_MS));
        }
        await deps.store.finishCall(runId, callId, { status: "refused", reason: "no decision within ten minutes [G4]" });
        return false;
      },
    });
    checkpoint.messages.push({ role: "assistant", content: result.text || "(no answer)" });
    checkpoint.lastText = result.text;
    checkpoint.step += 1;
    return finish(result.isError ? "failed" : "succeeded", result.isError ? "the Claude Code CLI reported an error" : undefined);
  } catch (error) {
    return finish("failed", (error as Error).message);
  }
}
