/**
 * G6, G8: what a widening check compiles a room's two modes under — the same
 * room (autonomy, shell opt-in), workspace policy, agent allowlist and tools —
 * so `widens` (./capability.ts) compares modes and nothing else. change_mode
 * and a policy edit's transition both build it here.
 */
import { agentAllowlistOf } from "./agent-allowlist";
import type { CapabilityInput } from "./capability";
import type { ModePolicy } from "./declared";
import type { Autonomy, ToolSpec } from "./types";

export interface WideningRoom {
  autonomy: Autonomy;
  planShell: boolean;
  agent: { restrictModules: boolean; moduleAllowlist: readonly string[] } | null;
}

export function wideningContext(room: WideningRoom, policy: ModePolicy, specs: readonly ToolSpec[]): Omit<CapabilityInput, "profile"> {
  return { policy, specs, autonomy: room.autonomy, agentAllowlist: agentAllowlistOf(room.agent), planShell: room.planShell, transport: "harness" };
}
