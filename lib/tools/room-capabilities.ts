/**
 * "What can the agent do here?" — the surface and capability preamble a run in
 * this room gets right now, compiled by the same function the run uses (X3),
 * with, for each absent tool, the layer that removed it and the fingerprint
 * that names the whole capability (G7).
 */
import { compileCapability } from "../modes/capability";
import type { ModePolicy } from "../modes/declared";
import { LAYER_NAMES } from "../modes/guard";
import { promptBlock } from "../modes/prompt";
import { roomProfile } from "../modes/room-mode";
import type { SurfaceLayer } from "../modes/surface";
import type { Autonomy, Mode, ToolSpec } from "../modes/types";
import { transportGuarantees, type HostFacts, type Transport, type TransportGuarantee } from "../modes/transport-guarantee";
import { TOOL_SPECS } from "./registry";

export interface CapabilityView {
  mode: Mode;
  /** X1: the (possibly declared) mode id */
  modeId: string;
  label: string;
  icon: string;
  accent: string;
  declared: boolean;
  description: string;
  posture: "read-only" | "read-write";
  outputVerb: string | null;
  tools: { name: string; tier: string; effects: readonly string[]; pinned: boolean; needsApproval: boolean; description: string }[];
  removed: { name: string; layer: SurfaceLayer; layerName: string; rule: string; reason: string }[];
  /** X4: modes change_mode may name here (empty when the agent cannot switch) */
  switchTargets: { id: string; label: string }[];
  prompt: string;
  /** G7 */
  fingerprint: string;
  fingerprintCovers: string[];
  /** T4: per transport, whether this mode is a boundary or only a convention, and why */
  transports: TransportGuarantee[];
  /** the transport the room's agent runs on */
  agentTransport: Transport;
}

/** What the server knows about where a transport's calls run (T4). */
export interface TransportContext {
  host: HostFacts;
  agentTransport: Transport;
}

const UNCHECKED: TransportContext = { host: { sandbox: { available: false, reason: "not checked" }, claudeCodeSandboxed: false }, agentTransport: "built-in" };

export interface CapabilityRoom {
  mode: Mode;
  /** G8: the room's own record of a declared mode (lib/modes/room-mode.ts) */
  modeDeclaration: unknown;
  autonomy: Autonomy;
  planShell: boolean;
}

export function roomCapabilities(
  room: CapabilityRoom,
  policy: ModePolicy,
  agentAllowlist: readonly string[] | null,
  transports: TransportContext = UNCHECKED,
  specs: readonly ToolSpec[] = TOOL_SPECS,
): CapabilityView {
  const { surface, fingerprint, covers } = compileCapability({
    profile: roomProfile(room),
    policy,
    specs,
    autonomy: room.autonomy,
    agentAllowlist,
    planShell: room.planShell,
    transport: transports.agentTransport === "claude-code" ? "claude-code" : "harness",
  });
  const { profile } = surface;
  return {
    mode: profile.mode,
    modeId: profile.id,
    label: profile.label,
    icon: profile.icon,
    accent: profile.accent,
    declared: profile.declared,
    description: profile.description,
    posture: profile.posture,
    outputVerb: profile.outputVerb,
    tools: surface.tools.map(({ spec, pinned, needsApproval }) => ({
      name: spec.name,
      tier: spec.tier,
      effects: spec.effects,
      pinned,
      needsApproval,
      description: spec.description,
    })),
    removed: [...surface.excluded].map(([name, exclusion]) => ({ name, ...exclusion, layerName: LAYER_NAMES[exclusion.layer] })),
    switchTargets: surface.switchTargets.map(({ id, label }) => ({ id, label })),
    prompt: promptBlock(surface),
    fingerprint,
    fingerprintCovers: covers,
    transports: transportGuarantees(profile.mode, transports.host),
    agentTransport: transports.agentTransport,
  };
}
