/**
 * A6/A8: a sub-agent's ceiling. Pure. A child runs in its parent's room, so its
 * mode, posture, mount plan, autonomy dial and output verb are the parent's by
 * construction; the one input that can differ is the agent, whose module
 * allowlist is intersected with the parent's own ceiling. null = no list.
 */
import { materializeSurface, type Surface, type SurfaceOptions } from "../modes/surface";
import type { ModeProfile, ToolSpec } from "../modes/types";

export function childCeiling(parent: readonly string[] | null, childAgent: readonly string[] | null): string[] | null {
  if (parent === null) return childAgent === null ? null : [...childAgent];
  if (childAgent === null) return [...parent];
  const allowed = new Set(childAgent);
  return parent.filter((name) => allowed.has(name));
}

/** The surface a sub-agent gets: the parent's surface inputs with the intersected allowlist. */
export function childSurface(profile: ModeProfile, specs: readonly ToolSpec[], parent: SurfaceOptions, childAgent: readonly string[] | null): Surface {
  return materializeSurface(profile, specs, { ...parent, agentAllowlist: childCeiling(parent.agentAllowlist ?? null, childAgent) });
}
