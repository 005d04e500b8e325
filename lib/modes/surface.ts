/**
 * Projection 1 of the profile: the tool surface a run actually gets (M3, M4).
 * Pure: a function of the profile, the registered tool specs and the room's
 * and agent's settings. A tool that is not on the surface does not exist for
 * the model: it is neither offered nor named in the prompt.
 */
import { tierRank, WORKTREE_EFFECTS, type Autonomy, type Mode, type ModeProfile, type ToolSpec } from "./types";

/** A3: the one tool a room can opt in to in a mode whose profile allows it. */
export const SHELL_TOOL = "run_command";

/** X4: the meta-tool that exists only where the workspace lets agents switch modes. */
export const CHANGE_MODE_TOOL = "change_mode";

/** X3: the three layers whose intersection is the surface; each exclusion names one. */
export type SurfaceLayer = "mode" | "workspace" | "agent";

/** A mode the agent may ask to switch to with change_mode (X4). */
export interface SwitchTarget {
  id: string;
  label: string;
  description: string;
}

export interface SurfaceOptions {
  /** G3: the room's autonomy dial */
  autonomy: Autonomy;
  /** X3: the agent's module allowlist; null/undefined = no restriction */
  agentAllowlist?: readonly string[] | null;
  /** A3: the room has opted in to a read-only shell (only where the profile allows) */
  planShell?: boolean;
  /** X3: the workspace's grants; null/undefined = no workspace restriction */
  workspaceGrants?: readonly string[] | null;
  /** X4: the modes change_mode may name; undefined/null = change_mode is not enabled */
  switchTargets?: readonly SwitchTarget[] | null;
}

export interface SurfaceTool {
  spec: ToolSpec;
  /** G1/G2: pinned tools bypass filter, guard and dial */
  pinned: boolean;
  /** G3: a per-call human confirmation is needed before it runs */
  needsApproval: boolean;
}

export interface Exclusion {
  /** X3: which layer removed it */
  layer: SurfaceLayer;
  /** the spec rule that removed it, e.g. "M5" */
  rule: string;
  /** a sentence a person (or the model) can read */
  reason: string;
}

export interface Surface {
  /** the built-in the profile is or extends (tool contexts and records use it) */
  mode: Mode;
  profile: ModeProfile;
  tools: SurfaceTool[];
  /** the same tools by name, so a gate decision is one lookup however many tools exist */
  byName: Map<string, SurfaceTool>;
  /** every registered tool that is not on the surface, with why */
  excluded: Map<string, Exclusion>;
  /** X4: modes change_mode may name (empty when it is not on the surface) */
  switchTargets: readonly SwitchTarget[];
}

const MUTATES_WORKTREE = new Set<string>(WORKTREE_EFFECTS);

/** Why `spec` is off the surface, or null when it is on. Mode layer first, then workspace, then agent (X3). */
function exclusionOf(spec: ToolSpec, profile: ModeProfile, options: SurfaceOptions): Exclusion | null {
  const where = `in ${profile.label} mode`;
  const mode = (rule: string, reason: string): Exclusion => ({ layer: "mode", rule, reason });
  if (spec.scope === "mode" && !profile.modeTools.includes(spec.name) && profile.outputVerb !== spec.name) {
    return mode("M3", `${spec.name} belongs to another mode's profile and does not exist ${where}`);
  }
  if (spec.effects.includes("delegate") && !profile.delegation) {
    return mode("A6", `${profile.label} mode's profile does not allow sub-agents, so ${spec.name} is removed`);
  }
  const shellOptedIn = profile.shellOptIn && options.planShell === true && spec.name === SHELL_TOOL;
  if (profile.posture === "read-only" && spec.effects.some((e) => MUTATES_WORKTREE.has(e))) {
    return mode("M5", `the worktree is read-only ${where}, so ${spec.name} is removed`);
  }
  const denied = spec.effects.find((e) => profile.deniedEffects.includes(e));
  if (denied && !shellOptedIn) {
    return mode("M7", `its effect "${denied}" is denied ${where}`);
  }
  if (tierRank(spec.tier) > tierRank(profile.maxTier) && !shellOptedIn) {
    return mode("M6", `${spec.name} is ${spec.tier} tier; ${profile.label} mode goes up to ${profile.maxTier}`);
  }
  if (profile.allowlist && tierRank(spec.tier) >= tierRank("write") && !profile.allowlist.includes(spec.name)) {
    return mode("M6", `${spec.name} is not on ${profile.label} mode's allowlist`);
  }
  if (profile.denylist.includes(spec.name)) {
    return mode("M3", `${spec.name} is on ${profile.label} mode's denylist`);
  }
  if (profile.grants && !profile.grants.includes(spec.name)) {
    return mode("X2", `${profile.label} mode does not grant ${spec.name}`);
  }
  if (options.workspaceGrants && !options.workspaceGrants.includes(spec.name)) {
    return { layer: "workspace", rule: "X3", reason: `the workspace does not grant ${spec.name}` };
  }
  if (options.agentAllowlist && tierRank(spec.tier) >= tierRank("write") && !options.agentAllowlist.includes(spec.name)) {
    return { layer: "agent", rule: "X3", reason: `${spec.name} is not in this agent's module allowlist` };
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

/**
 * X3: the one function that computes the final surface — workspace grants ∩
 * agent allowlist ∩ mode profile — for the run, the capability panel and the
 * API alike. Meta-tools and the mode's output verb are pinned past every layer
 * (G1, G2); change_mode is a meta-tool only where the workspace enables it (X4).
 */
export function materializeSurface(profile: ModeProfile, specs: readonly ToolSpec[], options: SurfaceOptions): Surface {
  const tools: SurfaceTool[] = [];
  const excluded = new Map<string, Exclusion>();
  const switchTargets = options.switchTargets ?? [];
  const shared = sharedNames(specs);
  for (const spec of specs) {
    if (shared.has(spec.name)) {
      // M8: a name is one tool. Two registered tools under one name would let the guard decide on one and another run.
      excluded.set(spec.name, { layer: "workspace", rule: "M8", reason: `${shared.get(spec.name)} registered tools are named ${spec.name}, so none of them is offered` });
      continue;
    }
    if (spec.name === CHANGE_MODE_TOOL && !options.switchTargets) {
      excluded.set(spec.name, { layer: "workspace", rule: "X4", reason: "the workspace does not let agents switch modes" });
      continue;
    }
    if (isPinned(spec, profile)) {
      tools.push({ spec, pinned: true, needsApproval: false });
      continue;
    }
    const exclusion = exclusionOf(spec, profile, options);
    if (exclusion) excluded.set(spec.name, exclusion);
    else tools.push({ spec, pinned: false, needsApproval: needsApproval(spec, options.autonomy) });
  }
  const byName = new Map(tools.map((t) => [t.spec.name, t]));
  return { mode: profile.mode, profile, tools, byName, excluded, switchTargets: byName.has(CHANGE_MODE_TOOL) ? switchTargets : [] };
}

/** Names more than one registered tool carries, with how many carry each (usually none: the registry keeps names unique). */
function sharedNames(specs: readonly ToolSpec[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const spec of specs) counts.set(spec.name, (counts.get(spec.name) ?? 0) + 1);
  for (const [name, count] of counts) if (count === 1) counts.delete(name);
  return counts;
}

export function surfaceTool(surface: Surface, name: string): SurfaceTool | undefined {
  return surface.byName.get(name);
}
