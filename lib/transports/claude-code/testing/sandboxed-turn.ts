/**
 * Test support: one Claude Code turn with the real CLI inside the sandbox,
 * against a local Anthropic Messages server playing `script`, the relay
 * allowed to reach exactly that server (as an operator would list it, H4).
 */
import { parseHostRules } from "../../../net/address-policy";
import { createGuardedFetch } from "../../../net/guarded-fetch";
import { profileOf } from "../../../modes/profiles";
import { materializeSurface } from "../../../modes/surface";
import type { Autonomy, Mode } from "../../../modes/types";
import { TOOL_SPECS } from "../../../tools/registry";
import { runClaudeCodeTurn, type ClaudeCodeResult } from "../run-claude-code";
import { startAnthropicScriptServer, type AnthropicScriptServer, type ScriptedTurn } from "./anthropic-script-server";

export interface SandboxedTurnOptions {
  worktree: string;
  apiKey: string;
  autonomy?: Autonomy;
  planShell?: boolean;
  /** the CLI gets every tool and Gatehouse's guard is never asked: only the sandbox stands in the way */
  bypassGate?: boolean;
}

/** H4: the address-checked model fetch, allowing exactly the local endpoint (as an operator would list it). */
export function fetchAllowing(host: string) {
  return createGuardedFetch({ allowedHosts: () => parseHostRules([host]), purpose: "model endpoint", setting: "GATEHOUSE_ALLOWED_MODEL_HOSTS" });
}

export async function sandboxedTurn(mode: Mode, script: ScriptedTurn[], options: SandboxedTurnOptions): Promise<{ server: AnthropicScriptServer; result: ClaudeCodeResult }> {
  const server = await startAnthropicScriptServer(script);
  const endpoint = new URL(server.baseUrl);
  const surface = materializeSurface(profileOf(mode), TOOL_SPECS, { autonomy: options.autonomy ?? "auto", planShell: options.planShell });
  try {
    const result = await runClaudeCodeTurn({
      surface,
      worktree: options.worktree,
      prompt: "make the change",
      baseUrl: server.baseUrl,
      apiKey: options.apiKey,
      model: "claude-sonnet-4-5",
      fetch: fetchAllowing(endpoint.host),
      sandboxed: true,
      sandbox: { workspaceId: `ws-${mode}`, posture: profileOf(mode).posture },
      testOnlyBypassGate: options.bypassGate,
      maxTurns: 20,
    });
    return { server, result };
  } catch (error) {
    await server.close();
    throw error;
  }
}
