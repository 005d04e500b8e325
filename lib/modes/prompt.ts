/**
 * Projection 4 of the profile: the capability preamble of the system prompt (M3).
 * Generated from the surface actually materialized, so it can only name tools
 * the model can call; the profile's hand-written notes follow.
 */
import type { Surface } from "./surface";

export function promptBlock(surface: Surface): string {
  const { profile, tools } = surface;
  const lines = [`## What you can do here: ${profile.label} mode`, profile.description, ""];
  lines.push(
    profile.posture === "read-only"
      ? "The worktree is read-only in this mode; every process you start sees it mounted read-only."
      : "You may change files in the room's worktree.",
  );
  lines.push("", "Your tools (this is the complete list; no other tool exists in this mode):");
  for (const { spec, pinned, needsApproval } of tools) {
    const flags = [spec.tier, pinned ? "always available" : null, needsApproval ? "a person confirms each call" : null]
      .filter(Boolean)
      .join(", ");
    lines.push(`- ${spec.name} (${flags}): ${spec.description}`);
  }
  if (profile.outputVerb) {
    lines.push(
      "",
      `You have delivered something only when a call to ${profile.outputVerb} succeeds. Describing the result in text does not deliver it.`,
    );
  }
  if (surface.switchTargets.length > 0) {
    // X4: each turn the agent is told which modes exist.
    lines.push("", "Modes this room can switch to (ask with change_mode; a person may cancel, and a switch that widens what you may do waits for a person's approval):");
    for (const target of surface.switchTargets) lines.push(`- ${target.id}: ${target.label} — ${target.description}`);
  }
  lines.push("", profile.notes);
  return lines.join("\n");
}
