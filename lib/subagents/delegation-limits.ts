/**
 * A8: may a run at `depth` start another sub-agent, having started `children`
 * already? Pure; the reason is what the model reads.
 */
import type { ModeProfile } from "../modes/types";

export function refuseDelegation(profile: ModeProfile, depth: number, children: number): string | null {
  const limits = profile.delegation;
  if (!limits) return `${profile.label} mode's profile does not allow sub-agents [A6]`;
  if (depth + 1 > limits.maxDepth) {
    return `sub-agents may be nested ${limits.maxDepth} level${limits.maxDepth === 1 ? "" : "s"} deep in ${profile.label} mode; this run is already at depth ${depth} [A8]`;
  }
  if (children >= limits.maxChildren) {
    return `a run may start at most ${limits.maxChildren} sub-agents in ${profile.label} mode; this one has started ${children} [A8]`;
  }
  return null;
}
