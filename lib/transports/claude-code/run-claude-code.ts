import "server-only";
/**
 * T2–T4: one agent turn on the Claude Code transport, through the Claude Agent
 * SDK and the real CLI. Gatehouse goes past the convention of permissionMode
 * "plan": the CLI loads only the surface's tools, reads no settings from the
 * worktree (a repository could grant itself permissions there), gets an
 * environment with nothing of the server's but the model endpoint, and every
 * call passes the same guard as the built-in harness in a PreToolUse hook and
 * in canUseTool before it runs. Refusal reasons go back to the CLI verbatim.
 * Where the sandbox works, the CLI itself runs in it under the mode's mount
 * plan, reaching only its model endpoint through Gatehouse's relay
 * (sandboxed-cli.ts); the gate and the mounts are then two copies of one
 * guarantee, and the transport is a boundary (T4).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { query, type HookJSONOutput, type PermissionResult } from "@anthropic-ai/claude-agent-sdk";
import type { Surface } from "../../modes/surface";
import type { WorktreePosture } from "../../modes/types";
import { claudeToolOptions } from "./claude-options";
import { confineClaudePaths } from "./confine-claude-paths";
import { gateClaudeCall, type ClaudeCallDecision } from "./gate-claude-call";
import { RELAY_PLACEHOLDER_KEY, startModelRelay, type ModelRelay, type ModelRelayOptions } from "./model-relay";
import { PINNED_MODEL_VARIABLES, startSandboxedCli, type SandboxedCli } from "./sandboxed-cli";
import { CLAUDE_TOOL_MAP, counterpartCall } from "./tool-map";

export type ClaudeCodeEvent =
  | { type: "text"; text: string }
  | { type: "tool.call"; toolUseId: string | null; tool: string; gatehouseTool: string | null; input: unknown; decision: ClaudeCallDecision["decision"]; rule: string; reason: string }
  /** a tool_use block of the model's answer, and the CLI's result for it (the session's transcript) */
  | { type: "tool.use"; toolUseId: string; tool: string; input: unknown }
  | { type: "tool.result"; toolUseId: string; text: string; isError: boolean }
  | { type: "usage"; inputTokens: number; outputTokens: number; costUsd: number | null };

/** T5: one call the CLI is about to make, for the run lifecycle's gate. */
export interface ClaudeGateRequest {
  toolUseId: string | null;
  tool: string;
  /** the input as the CLI will run it (outside the sandbox: paths resolved, H2) */
  input: unknown;
  /** the pure gate's decision: the surface's guard, T3/T4, the path check */
  decision: ClaudeCallDecision;
  /** G4: the call as Gatehouse's counterpart tool would make it, for a call that must wait for a person */
  counterpart: { toolName: string; input: Record<string, unknown> } | null;
}

/** `end`: the session stops after this answer (the run parks, or restarts under a new mode). */
export type ClaudeGateAnswer = { allow: true } | { allow: false; message: string; end?: boolean };

export interface ClaudeCodeTurn {
  surface: Surface;
  worktree: string;
  prompt: string;
  /** H4: the operator-configured endpoint and its key */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** H4: the address-checked fetch the session's relay reaches the endpoint with */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** O6, T5: the relay's hooks — asked before each model request, told each response's usage and each refusal */
  relay?: Pick<ModelRelayOptions, "beforeRequest" | "onUsage" | "onRefused">;
  /**
   * Start the CLI inside the OS sandbox (T4). Then `sandbox` must say whose it
   * is; false runs it outside (a convention) with its shell withheld and its
   * file tools' paths resolved like Gatehouse's own (H2).
   */
  sandboxed: boolean;
  sandbox?: {
    workspaceId: string;
    /** M5: the mode's worktree posture, mounted for the CLI */
    posture: WorktreePosture;
    /** wall time of the whole session */
    timeoutMs?: number;
  };
  /** T5: the run lifecycle decides each call (recorded, the mode re-checked); without it the pure gate and `onConfirm` do */
  gate?: (call: ClaudeGateRequest) => Promise<ClaudeGateAnswer>;
  /**
   * Tests only: load every file and shell tool and let every call through
   * without asking the guard, as a CLI that ignored Gatehouse would. Proves
   * the sandbox's mounts hold on their own. Nothing in the app sets it.
   */
  testOnlyBypassGate?: boolean;
  onEvent?: (event: ClaudeCodeEvent) => void | Promise<void>;
  /** G4 without a lifecycle: a person confirms a call the dial asks about; resolves true to let it run */
  onConfirm?: (call: { toolUseId: string | null; tool: string; input: unknown; reason: string }) => Promise<boolean>;
  signal?: AbortSignal;
  maxTurns?: number;
}

export interface ClaudeCodeResult {
  text: string;
  calls: Extract<ClaudeCodeEvent, { type: "tool.call" }>[];
  /** the gate's own wall time per decision, in milliseconds (for the benchmark) */
  gateMs: number[];
  isError: boolean;
  /** why the session was ended before the CLI finished (a gate answer with `end`), or null */
  ended: string | null;
  /** the relay's refusals and forwarded requests (diagnostics, tests) */
  relay: { forwarded: readonly string[]; refused: readonly string[] };
}

const SESSION_TIMEOUT_MS = 60 * 60_000;

/** H4: every model the CLI could pick by itself is the agent's one, so the relay can refuse any other. */
function pinnedModels(model: string): Record<string, string> {
  return Object.fromEntries(PINNED_MODEL_VARIABLES.map((name) => [name, model]));
}

export async function runClaudeCodeTurn(turn: ClaudeCodeTurn): Promise<ClaudeCodeResult> {
  const gated = claudeToolOptions(turn.surface, { sandboxed: turn.sandboxed });
  const bypass = turn.testOnlyBypassGate === true;
  const options = bypass ? { permissionMode: "default" as const, tools: Object.keys(CLAUDE_TOOL_MAP), allowedTools: Object.keys(CLAUDE_TOOL_MAP), disallowedTools: [] } : gated;
  if (turn.sandboxed && !turn.sandbox) throw new Error("a sandboxed Claude Code turn needs its workspace and posture");
  const abort = new AbortController();
  let ended: string | null = null;
  const relayOptions: Omit<ModelRelayOptions, "listen"> = {
    baseUrl: turn.baseUrl,
    apiKey: turn.apiKey,
    model: turn.model,
    fetch: turn.fetch,
    // A session that is ending gets no further model call (it would be answered into a session that stops).
    beforeRequest: async () => (ended ? `the session is ending (${ended})` : ((await turn.relay?.beforeRequest?.()) ?? null)),
    onUsage: turn.relay?.onUsage,
    onRefused: async (reason) => {
      if (!ended) await turn.relay?.onRefused?.(reason);
    },
  };
  const sandbox: SandboxedCli | null = turn.sandboxed && turn.sandbox
    ? await startSandboxedCli({
        worktree: turn.worktree,
        workspaceId: turn.sandbox.workspaceId,
        posture: turn.sandbox.posture,
        relay: relayOptions,
        timeoutMs: turn.sandbox.timeoutMs ?? SESSION_TIMEOUT_MS,
        signal: turn.signal,
      })
    : null;
  const loopback: ModelRelay | null = sandbox ? null : await startModelRelay({ ...relayOptions, listen: { loopback: true } });
  const home = await mkdtemp(path.join(tmpdir(), "gatehouse-claude-home-"));
  const calls: ClaudeCodeResult["calls"] = [];
  const gateMs: number[] = [];
  const decided = new Map<string, PermissionResult>();
  turn.signal?.addEventListener("abort", () => abort.abort(), { once: true });
  const end = (reason: string) => {
    ended ??= reason;
    setImmediate(() => abort.abort());
  };

  async function decide(tool: string, rawInput: unknown, toolUseId: string | null): Promise<PermissionResult> {
    if (bypass) return { behavior: "allow", updatedInput: rawInput as Record<string, unknown> };
    if (toolUseId && decided.has(toolUseId)) return decided.get(toolUseId)!;
    if (ended) return { behavior: "deny", message: `Refused by Gatehouse: the session is ending (${ended})` };
    const started = performance.now();
    let decision = gateClaudeCall(turn.surface, tool, rawInput, { sandboxed: turn.sandboxed, worktree: turn.worktree });
    let input = rawInput;
    if (!turn.sandboxed && decision.decision !== "deny") {
      // H2: outside the sandbox the CLI opens paths itself; they are resolved like Gatehouse's own tools' first.
      const confined = await confineClaudePaths(tool, rawInput, turn.worktree);
      if (confined.ok) input = confined.input;
      else decision = { decision: "deny", rule: "H2", reason: confined.reason, gatehouseTool: decision.gatehouseTool };
    }
    gateMs.push(performance.now() - started);
    const event = { type: "tool.call" as const, toolUseId, tool, gatehouseTool: decision.gatehouseTool, input: rawInput, decision: decision.decision, rule: decision.rule, reason: decision.reason };
    calls.push(event);
    await turn.onEvent?.(event);
    let result: PermissionResult;
    if (turn.gate) {
      const answer = await turn.gate({ toolUseId, tool, input, decision, counterpart: counterpartCall(tool, rawInput, turn.worktree) });
      if (!answer.allow && answer.end) end(answer.message);
      result = answer.allow ? { behavior: "allow", updatedInput: input as Record<string, unknown> } : { behavior: "deny", message: answer.message };
    } else {
      let allowed = decision.decision === "allow";
      let reason = `Refused by Gatehouse: ${decision.reason} [${decision.rule}]`;
      if (decision.decision === "confirm") {
        allowed = (await turn.onConfirm?.({ toolUseId, tool, input, reason: decision.reason })) ?? false;
        if (!allowed) reason = "Refused by Gatehouse: a person did not confirm this call, or no one who could was connected [G4]";
      }
      result = allowed ? { behavior: "allow", updatedInput: input as Record<string, unknown> } : { behavior: "deny", message: reason };
    }
    if (toolUseId) decided.set(toolUseId, result);
    return result;
  }

  try {
    const stream = query({
      prompt: turn.prompt,
      options: {
        cwd: turn.worktree,
        model: turn.model,
        permissionMode: options.permissionMode,
        tools: options.tools,
        allowedTools: [],
        disallowedTools: options.disallowedTools,
        settingSources: [],
        persistSession: false,
        maxTurns: turn.maxTurns ?? 12,
        abortController: abort,
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: home,
          // T5: the relay, even outside the sandbox: every request is the session's, counted and within the budget.
          ANTHROPIC_BASE_URL: loopback?.baseUrl ?? RELAY_PLACEHOLDER_KEY,
          ANTHROPIC_API_KEY: loopback?.secret ?? RELAY_PLACEHOLDER_KEY,
          ...pinnedModels(turn.model),
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
          DISABLE_AUTOUPDATER: "1",
          DISABLE_TELEMETRY: "1",
          CLAUDE_AGENT_SDK_CLIENT_APP: "gatehouse/0.1.0",
          // Inside the sandbox: its own HOME, the relay's inside address, and no key (the forwarder hands the secret over a pipe).
          ...sandbox?.env,
        },
        ...(sandbox ? { pathToClaudeCodeExecutable: sandbox.executable, spawnClaudeCodeProcess: sandbox.spawn } : {}),
        canUseTool: (tool, input, { toolUseID }) => decide(tool, input, toolUseID ?? null),
        hooks: {
          PreToolUse: [
            {
              hooks: [
                async (input, toolUseID): Promise<HookJSONOutput> => {
                  const call = input as { tool_name: string; tool_input: unknown };
                  const result = await decide(call.tool_name, call.tool_input, toolUseID ?? null);
                  return {
                    hookSpecificOutput: {
                      hookEventName: "PreToolUse",
                      permissionDecision: result.behavior,
                      permissionDecisionReason: result.behavior === "deny" ? result.message : "allowed by Gatehouse's guard",
                      ...(result.behavior === "allow" && result.updatedInput ? { updatedInput: result.updatedInput } : {}),
                    },
                  };
                },
              ],
            },
          ],
        },
      },
    });
    let text = "";
    let isError = false;
    const toolUses: { id: string; name: string; input: unknown }[] = [];
    try {
      for await (const message of stream) {
        if (message.type === "assistant") {
          for (const block of message.message.content) {
            if (block.type === "text" && block.text) {
              text = block.text;
              await turn.onEvent?.({ type: "text", text: block.text });
            }
            if (block.type === "tool_use") {
              toolUses.push({ id: block.id, name: block.name, input: block.input });
              await turn.onEvent?.({ type: "tool.use", toolUseId: block.id, tool: block.name, input: block.input });
            }
          }
        } else if (message.type === "user" && Array.isArray(message.message.content)) {
          for (const block of message.message.content as { type: string; tool_use_id?: string; content?: unknown; is_error?: boolean }[]) {
            if (block.type !== "tool_result" || !block.tool_use_id) continue;
            await turn.onEvent?.({ type: "tool.result", toolUseId: block.tool_use_id, text: resultText(block.content), isError: block.is_error === true });
          }
        } else if (message.type === "result") {
          isError = message.is_error;
          await turn.onEvent?.({
            type: "usage",
            inputTokens: message.usage?.input_tokens ?? 0,
            outputTokens: message.usage?.output_tokens ?? 0,
            costUsd: typeof message.total_cost_usd === "number" ? message.total_cost_usd : null,
          });
        }
      }
    } catch (error) {
      // The session was ended on purpose (park, restart): what it did so far is the result.
      if (!ended) throw error;
    }
    // T3: a call to a tool the CLI never loaded is refused by the CLI before any hook; record it with Gatehouse's reason.
    for (const use of bypass || ended ? [] : toolUses) {
      if (decided.has(use.id)) continue;
      const decision = gateClaudeCall(turn.surface, use.name, use.input, { sandboxed: turn.sandboxed, worktree: turn.worktree });
      const refused: ClaudeCallDecision = {
        decision: "deny",
        rule: decision.decision === "deny" ? decision.rule : "T3",
        reason: decision.decision === "deny" ? `${decision.reason}; the CLI was not given this tool` : `${use.name} was not loaded in the CLI`,
        gatehouseTool: decision.gatehouseTool,
      };
      const event = { type: "tool.call" as const, toolUseId: use.id, tool: use.name, gatehouseTool: decision.gatehouseTool, input: use.input, decision: "deny" as const, rule: refused.rule, reason: refused.reason };
      calls.push(event);
      await turn.onEvent?.(event);
      await turn.gate?.({ toolUseId: use.id, tool: use.name, input: use.input, decision: refused, counterpart: null });
    }
    const relay = sandbox ?? loopback!;
    return { text, calls, gateMs, isError, ended, relay: { forwarded: relay.forwarded, refused: relay.refused } };
  } catch (error) {
    const tail = sandbox?.stderrTail().trim();
    if (tail) throw new Error(`${(error as Error).message} (the sandboxed CLI said: ${tail.slice(-500)})`);
    throw error;
  } finally {
    await sandbox?.close();
    await loopback?.close();
    await rm(home, { recursive: true, force: true });
  }
}

function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part: { type?: string; text?: string }) => (part.type === "text" && part.text ? part.text : "")).join("");
  return JSON.stringify(content ?? null);
}
