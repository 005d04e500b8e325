/**
 * X3, G7: the compiled capability of a turn — the one place that combines a
 * mode's profile with the workspace's grants, the agent's allowlist, the room's
 * autonomy dial and shell opt-in, and the transport. The run, the capability
 * panel and the API all call this, so they cannot disagree; the fingerprint
 * names exactly what was compiled, and every decision made under it records it.
 */
import { createHash } from "node:crypto";
import { canonical } from "./canonical";
import type { ModePolicy } from "./declared";
import { selectableProfiles } from "./resolve-profile";
import { materializeSurface, type Surface, type SurfaceTool, type SwitchTarget } from "./surface";
import { toolIdentity } from "./tool-identity";
import type { Autonomy, ModeProfile, ToolSpec } from "./types";

export interface CapabilityInput {
  profile: ModeProfile;
  policy: ModePolicy;
  specs: readonly ToolSpec[];
  autonomy: Autonomy;
  agentAllowlist: readonly string[] | null;
  planShell: boolean;
  /** T1: how the run reaches its model ("harness" for the built-in loop) */
  transport: string;
}

export interface CompiledCapability {
  surface: Surface;
  /** G7: sha256 over everything that decided the surface, hex */
  fingerprint: string;
  /** what the fingerprint covers, for people reading the room */
  covers: string[];
}

export const FINGERPRINT_COVERS = ["mode profile", "declared grants", "workspace grants", "agent allowlist", "autonomy", "mount plan", "transport", "attached tools"];

/** X4: the modes change_mode may name from `profile`, or null when the agent may not switch here. */
export function switchTargetsOf(policy: ModePolicy, profile: ModeProfile): SwitchTarget[] | null {
  if (!policy.agentCanSwitchMode || !profile.leavable) return null;
  return selectableProfiles(policy)
    .filter((p) => p.id !== profile.id)
    .map((p) => ({ id: p.id, label: p.label, description: p.description }));
}

/**
 * Compiled capabilities by their inputs: the same specs, policy object (parsed
 * policies are shared and frozen, ./resolve-profile.ts), profile and settings
 * compile to the same result, so a turn start costs a lookup. Results are
 * never mutated by their readers.
 */
const compiled = new WeakMap<readonly ToolSpec[], WeakMap<ModePolicy, Map<string, CompiledCapability>>>();
const COMPILED_LIMIT = 1024;

export function compileCapability(input: CapabilityInput): CompiledCapability {
  let byPolicy = compiled.get(input.specs);
  if (!byPolicy) compiled.set(input.specs, (byPolicy = new WeakMap()));
  let byKey = byPolicy.get(input.policy);
  if (!byKey) byPolicy.set(input.policy, (byKey = new Map()));
  // The profile is named by identity too: two policies never share a declared profile object.
  const key = [input.profile.id, input.autonomy, input.planShell, input.transport, input.agentAllowlist?.join(",") ?? "\u0000"].join("\u0001");
  const hit = byKey.get(key);
  if (hit && hit.surface.profile === input.profile) return hit;
  const result = compileUncached(input);
  if (byKey.size >= COMPILED_LIMIT) byKey.clear();
  byKey.set(key, result);
  return result;
}

function compileUncached(input: CapabilityInput): CompiledCapability {
  const surface = materializeSurface(input.profile, input.specs, {
    autonomy: input.autonomy,
    agentAllowlist: input.agentAllowlist,
    planShell: input.planShell,
    workspaceGrants: input.policy.workspaceGrants,
    switchTargets: switchTargetsOf(input.policy, input.profile),
  });
  return { surface, fingerprint: fingerprintOf(surface, input), covers: FINGERPRINT_COVERS };
}

function fingerprintOf(surface: Surface, input: CapabilityInput): string {
  const body = canonical({
    v: 1,
    profile: input.profile,
    workspaceGrants: input.policy.workspaceGrants,
    agentAllowlist: input.agentAllowlist,
    autonomy: input.autonomy,
    planShell: input.planShell,
    mount: { posture: surface.profile.posture },
    transport: input.transport,
    tools: surface.tools.map(fingerprintEntry),
    switchTargets: surface.switchTargets.map((t) => t.id),
  });
  return createHash("sha256").update(body).digest("hex");
}

/**
 * A built-in's name fixes what it is (its code); an attached tool's name does
 * not, so its entry also names its identity and declared effects (G7, M8): the
 * fingerprint changes when an attached tool is declared differently or comes
 * from another server, even under the same name and tier.
 */
function fingerprintEntry(t: SurfaceTool): unknown[] {
  const entry: unknown[] = [t.spec.name, t.spec.tier, t.pinned, t.needsApproval];
  return t.spec.origin ? [...entry, toolIdentity(t.spec), [...t.spec.effects].sort()] : entry;
}

/** The short form people see (the full hash is stored). */
export function shortFingerprint(fingerprint: string | null | undefined): string | null {
  return fingerprint ? fingerprint.slice(0, 12) : null;
}

/**
 * G6: whether switching from `from` to `to` widens what the agent may do — a
 * writable worktree where it was read-only, or any tool the current surface
 * lacks — compiled under the same room, workspace and agent. Such a switch needs
 * a person's durable approval; anything else is a narrowing or a sideways step.
 * `context.specs` must be the workspace's whole registry, attached MCP tools
 * included (M8): a switch that gains only an attached tool widens too. Tools
 * are compared by identity, not by name.
 */
export function widens(from: ModeProfile, to: ModeProfile, context: Omit<CapabilityInput, "profile">): boolean {
  if (from.posture === "read-only" && to.posture === "read-write") return true;
  const now = compileCapability({ ...context, profile: from }).surface;
  const next = compileCapability({ ...context, profile: to }).surface;
  const had = new Set(now.tools.map((t) => toolIdentity(t.spec)));
  return next.tools.some((t) => !had.has(toolIdentity(t.spec)));
}
