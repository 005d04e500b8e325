/**
 * Projection 2 of the profile: the action guard that decides one concrete call
 * (M4, G1, G3). It reads only the surface, so a tool the surface offers is never
 * refused for mode reasons and a tool it withholds is always refused.
 */
import { surfaceTool, type Surface, type SurfaceLayer, type SurfaceTool } from "./surface";

/**
 * An allowed or confirmed call carries the very surface tool it was decided
 * on (M8): whoever executes it runs that tool, never another found by name.
 */
export type GuardDecision =
  | { decision: "allow"; rule: string; reason: string; tool: SurfaceTool }
  | { decision: "deny"; rule: string; reason: string }
  | { decision: "confirm"; rule: string; reason: string; tool: SurfaceTool };

export const NOT_AVAILABLE = "not available in this mode";

/** X2/X3: how a refusal names the layer that removed the tool. */
export const LAYER_NAMES: Record<SurfaceLayer, string> = {
  mode: "mode's profile",
  workspace: "workspace's grants",
  agent: "agent's module allowlist",
};

export function guardCall(surface: Surface, toolName: string): GuardDecision {
  const onSurface = surfaceTool(surface, toolName);
  if (!onSurface) {
    const exclusion = surface.excluded.get(toolName);
    if (!exclusion) {
      return { decision: "deny", rule: "T1", reason: `${toolName} is ${NOT_AVAILABLE}: no tool of that name exists` };
    }
    return {
      decision: "deny",
      rule: exclusion.rule,
      reason: `${toolName} is ${NOT_AVAILABLE} (${surface.profile.label}; removed by the ${LAYER_NAMES[exclusion.layer]}): ${exclusion.reason}`,
    };
  }
  if (onSurface.pinned) {
    return { decision: "allow", rule: "G1", reason: `${toolName} is pinned in ${surface.profile.label} mode and pre-approved`, tool: onSurface };
  }
  if (onSurface.needsApproval) {
    return { decision: "confirm", rule: "G3", reason: `the room's autonomy dial asks a person to confirm ${onSurface.spec.tier}-tier calls`, tool: onSurface };
  }
  return { decision: "allow", rule: "M4", reason: `${toolName} is on the ${surface.profile.label} surface`, tool: onSurface };
}
