/**
 * "What can the agent do here?" — the surface and capability preamble a run in
 * this room gets right now, projected from the profile like everything else.
 */
import { promptBlock } from "../modes/prompt";
import { materializeSurface } from "../modes/surface";
import type { Autonomy, Mode } from "../modes/types";
import { TOOL_SPECS } from "../tools/registry";
import { transportGuarantees, type HostFacts, type Transport, type TransportGuarantee } from "../transports/guarantee";

export interface CapabilityView {
  mode: Mode;
  label: string;
  description: string;
  posture: "read-only" | "read-write";
  outputVerb: string | null;
  tools: { name: string; tier: string; effects: readonly string[]; pinned: boolean; needsApproval: boolean; description: string }[];
  removed: { name: string; rule: string; reason: string }[];
  prompt: string;
  /** T4: per transport, whether this mode is a boundary or only a convention, and why */
  transports: TransportGuarantee[];
  /** the transport the room's agent runs on */
  agentTransport: Transport;
}

export function roomCapabilities(
  room: { mode: Mode; autonomy: Autonomy; planShell: boolean },
  agentAllowlist: readonly string[] | null,
  host: HostFacts = { sandbox: { available: false, reason: "not checked" }, claudeCodeSandboxed: false },
  agentTransport: Transport = "built-in",
): CapabilityView {
  const surface = materializeSurface(room.mode, TOOL_SPECS, { autonomy: room.autonomy, agentAllowlist, planShell: room.planShell });
  return {
    mode: room.mode,
    label: surface.profile.label,
    description: surface.profile.description,
    posture: surface.profile.posture,
    outputVerb: surface.profile.outputVerb,
    tools: surface.tools.map(({ spec, pinned, needsApproval }) => ({
      name: spec.name,
      tier: spec.tier,
      effects: spec.effects,
      pinned,
      needsApproval,
      description: spec.description,
    })),
    removed: [...surface.excluded].map(([name, exclusion]) => ({ name, ...exclusion })),
    prompt: promptBlock(surface),
    transports: transportGuarantees(room.mode, host),
    agentTransport,
  };
}
