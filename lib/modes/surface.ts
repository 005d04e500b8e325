/**
 * Projection 1 of the profile: the tool surface a run actually gets (M3, M4).
 * Pure: a function of the profile, the registered tool specs and the room's
 * and agent's settings. A tool that is not on the surface does not exist for
 * the model: it is neither offered nor named in the prompt.
 */
import { profileOf } from "./profiles";
import { tierRank, type Autonomy, type Mode, type ModeProfile, type ToolSpec } from "./types";

/** A3: the one tool a room can opt in to in a mode whose profile allows it. */
export const SHELL_TOOL = "run_command";

export interface SurfaceOptions {
  /** G3: the room's autonomy dial */
  autonomy: Autonomy;
  /** X3: the agent's module allowlist; null/undefined = no restriction */
  agentAllowlist?: readonly string[] | null;
  /** A3: the room has opted in to a read-only shell (only where the profile allows) */
  planShell?: boolean;
}

export interface SurfaceTool {
  spec: ToolSpec;
  /** G1/G2: pinned tools bypass filter, guard and dial */
  pinned: boolean;
  /** G3: a per-call human confirmation is needed before it runs */
  needsApproval: boolean;
}

export interface Exclusion {
  /** the spec rule that removed it, e.g. "M5" */
  rule: string;
  /** a sentence a person (or the model) can read */
  reason: string;
}

export interface Surface {
  mode: Mode;
  profile: ModeProfile;
  tools: SurfaceTool[];
  /** every registered tool that is not on the surface, with why */
  excluded: Map<string, Exclusion>;
}

const MUTATES_WORKTREE = new Set(["write_worktree", "delete_files"]);

/** Why `spec` is off the surface, or null when it is on. Order gives the most telling reason first. */
function exclusionOf(spec: ToolSpec, profile: ModeProfile, options: SurfaceOptions): Exclusion | null {
  const where = `in ${profile.label} mode`;
  if (spec.scope === "mode" && !profile.modeTools.includes(spec.name) && profile.outputVerb !== spec.name) {
    return { rule: "M3", reason: `${spec.name} belongs to another mode's profile and does not exist ${where}` };
  }
  if (spec.effects.includes("delegate") && !profile.delegation) {
    return { rule: "A6", reason: `${profile.label} mode's profile does not allow sub-agents, so ${spec.name} is removed` };
  }
  const shellOptedIn = profile.shellOptIn && options.planShell === true && spec.name === SHELL_TOOL;
  if (profile.posture === "read-only" && spec.effects.some((e) => MUTATES_WORKTREE.has(e))) {
    return { rule: "M5", reason: `the worktree is read-only ${where}, so ${spec.name} is removed` };
  }
  const denied = spec.effects.find((e) => profile.deniedEffects.includes(e));
  if (denied && !shellOptedIn) {
    return { rule: "M7", reason: `its effect "${denied}" is denied ${where}` };
  }
  if (tierRank(spec.tier) > tierRank(profile.maxTier) && !shellOptedIn) {
    return { rule: "M6", reason: `${spec.name} is ${spec.tier} tier; ${profile.label} mode goes up to ${profile.maxTier}` };
  }
  if (profile.allowlist && tierRank(spec.tier) >= tierRank("write") && !profile.allowlist.includes(spec.name)) {
    return { rule: "M6", reason: `${spec.name} is not on ${profile.label} mode's allowlist` };
  }
  if (profile.denylist.includes(spec.name)) {
    return { rule: "M3", reason: `${spec.name} is on ${profile.label} mode's denylist` };
  }
  if (options.agentAllowlist && tierRank(spec.tier) >= tierRank("write") && !options.agentAllowlist.includes(spec.name)) {
    return { rule: "X3", reason: `${spec.name} is not in this agent's module allowlist` };
  }
  return null;
}

/** G3: which calls need a per-call confirmation at each dial position. */
function needsApproval(spec: ToolSpec, autonomy: Autonomy): boolean {
  if (autonomy === "auto") return false;
  const floor = autonomy === "ask" ? tierRank("write") : tierRank("execute");
  return tierRank(spec.tier) >= floor;
}

export function isPinned(spec: ToolSpec, profile: ModeProfile): boolean {
  return spec.scope === "meta" || profile.outputVerb === spec.name;
}

export function materializeSurface(mode: Mode, specs: readonly ToolSpec[], options: SurfaceOptions): Surface {
  const profile = profileOf(mode);
  const tools: SurfaceTool[] = [];
  const excluded = new Map<string, Exclusion>();
  for (const spec of specs) {
    if (isPinned(spec, profile)) {
      tools.push({ spec, pinned: true, needsApproval: false });
      continue;
    }
    const exclusion = exclusionOf(spec, profile, options);
    if (exclusion) excluded.set(spec.name, exclusion);
    else tools.push({ spec, pinned: false, needsApproval: needsApproval(spec, options.autonomy) });
  }
  return { mode, profile, tools, excluded };
}

export function surfaceTool(surface: Surface, name: string): SurfaceTool | undefined {
  return surface.tools.find((t) => t.spec.name === name);
}
