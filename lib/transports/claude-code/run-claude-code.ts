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
import { startSandboxedCli, type SandboxedCli } from "./sandboxed-cli";
import { CLAUDE_TOOL_MAP } from "./tool-map";
import { gateClaudeCall, type ClaudeCallDecision } from "./gate-claude-call";

export type ClaudeCodeEvent =
  | { type: "text"; text: string }
  | { type: "tool.call"; toolUseId: string | null; tool: string; gatehouseTool: string | null; input: unknown; decision: ClaudeCallDecision["decision"]; rule: string; reason: string }
  | { type: "usage"; inputTokens: number; outputTokens: number; costUsd: number | null };

export interface ClaudeCodeTurn {
  surface: Surface;
  worktree: string;
  prompt: string;
  /** H4: the operator-configured endpoint and its key */
  baseUrl: string;
  apiKey: string;
  model: string;
  /**
   * Start the CLI inside the OS sandbox (T4). Then `sandbox` must say whose it
   * is and how to reach the endpoint; false runs it outside (a convention) with
   * its shell withheld.
   */
  sandboxed: boolean;
  sandbox?: {
    workspaceId: string;
    /** M5: the mode's worktree posture, mounted for the CLI */
    posture: WorktreePosture;
    /** H4: the address-checked fetch the relay reaches the endpoint with */
    fetch: (input: string, init: RequestInit) => Promise<Response>;
    /** wall time of the whole session */
    timeoutMs?: number;
  };
  /**
   * Tests only: load every file and shell tool and let every call through
   * without asking the guard, as a CLI that ignored Gatehouse would. Proves
   * the sandbox's mounts hold on their own. Nothing in the app sets it.
   */
  testOnlyBypassGate?: boolean;
  onEvent?: (event: ClaudeCodeEvent) => void | Promise<void>;
  /** G4: a person confirms a call the dial asks about; resolves true to let it run */
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
}

const SESSION_TIMEOUT_MS = 60 * 60_000;

export async function runClaudeCodeTurn(turn: ClaudeCodeTurn): Promise<ClaudeCodeResult> {
  const gated = claudeToolOptions(turn.surface, { sandboxed: turn.sandboxed });
  const bypass = turn.testOnlyBypassGate === true;
  const options = bypass ? { permissionMode: "default" as const, tools: Object.keys(CLAUDE_TOOL_MAP), allowedTools: Object.keys(CLAUDE_TOOL_MAP), disallowedTools: [] } : gated;
  if (turn.sandboxed && !turn.sandbox) throw new Error("a sandboxed Claude Code turn needs its workspace, posture and model fetch");
  const sandbox: SandboxedCli | null = turn.sandboxed && turn.sandbox
    ? await startSandboxedCli({
        worktree: turn.worktree,
        workspaceId: turn.sandbox.workspaceId,
        posture: turn.sandbox.posture,
        baseUrl: turn.baseUrl,
        apiKey: turn.apiKey,
        fetch: turn.sandbox.fetch,
        timeoutMs: turn.sandbox.timeoutMs ?? SESSION_TIMEOUT_MS,
        signal: turn.signal,
      })
    : null;
  const home = await mkdtemp(path.join(tmpdir(), "gatehouse-claude-home-"));
  const calls: ClaudeCodeResult["calls"] = [];
  const gateMs: number[] = [];
  const decided = new Map<string, PermissionResult>();
  const abort = new AbortController();
  turn.signal?.addEventListener("abort", () => abort.abort(), { once: true });

  async function decide(tool: string, input: unknown, toolUseId: string | null): Promise<PermissionResult> {
    if (bypass) return { behavior: "allow", updatedInput: input as Record<string, unknown> };
    if (toolUseId && decided.has(toolUseId)) return decided.get(toolUseId)!;
    const started = performance.now();
    const decision = gateClaudeCall(turn.surface, tool, input, { sandboxed: turn.sandboxed, worktree: turn.worktree });
    gateMs.push(performance.now() - started);
    const event = { type: "tool.call" as const, toolUseId, tool, gatehouseTool: decision.gatehouseTool, input, decision: decision.decision, rule: decision.rule, reason: decision.reason };
    calls.push(event);
    await turn.onEvent?.(event);
    let allowed = decision.decision === "allow";
    let reason = `Refused by Gatehouse: ${decision.reason} [${decision.rule}]`;
    if (decision.decision === "confirm") {
      allowed = (await turn.onConfirm?.({ toolUseId, tool, input, reason: decision.reason })) ?? false;
      if (!allowed) reason = "Refused by Gatehouse: a person did not confirm this call, or no one who could was connected [G4]";
    }
    const result: PermissionResult = allowed ? { behavior: "allow", updatedInput: input as Record<string, unknown> } : { behavior: "deny", message: reason };
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
        maxTurns: turn.maxTurns ?? 12,
        abortController: abort,
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: home,
          ANTHROPIC_BASE_URL: turn.baseUrl,
          ANTHROPIC_API_KEY: turn.apiKey,
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
          DISABLE_AUTOUPDATER: "1",
          DISABLE_TELEMETRY: "1",
          CLAUDE_AGENT_SDK_CLIENT_APP: "gatehouse/0.1.0",
          // Inside the sandbox: its own HOME, the relay instead of the endpoint, a placeholder instead of the key.
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
    for await (const message of stream) {
      if (message.type === "assistant") {
        for (const block of message.message.content) {
          if (block.type === "text" && block.text) {
            text = block.text;
            await turn.onEvent?.({ type: "text", text: block.text });
          }
          if (block.type === "tool_use") toolUses.push({ id: block.id, name: block.name, input: block.input });
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
    // T3: a call to a tool the CLI never loaded is refused by the CLI before any hook; record it with Gatehouse's reason.
    for (const use of bypass ? [] : toolUses) {
      if (decided.has(use.id)) continue;
      const decision = gateClaudeCall(turn.surface, use.name, use.input, { sandboxed: turn.sandboxed, worktree: turn.worktree });
      const event = { type: "tool.call" as const, toolUseId: use.id, tool: use.name, gatehouseTool: decision.gatehouseTool, input: use.input, decision: "deny" as const, rule: decision.decision === "deny" ? decision.rule : "T3", reason: decision.decision === "deny" ? `${decision.reason}; the CLI was not given this tool` : `${use.name} was not loaded in the CLI` };
      calls.push(event);
      await turn.onEvent?.(event);
    }
    return { text, calls, gateMs, isError };
  } catch (error) {
    const tail = sandbox?.stderrTail().trim();
    if (tail) throw new Error(`${(error as Error).message} (the sandboxed CLI said: ${tail.slice(-500)})`);
    throw error;
  } finally {
    await sandbox?.close();
    await rm(home, { recursive: true, force: true });
  }
}
