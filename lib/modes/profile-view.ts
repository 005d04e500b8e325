/**
 * X1: what the UI may know about a mode — read from the profile, so no
 * component compares mode names (STYLE: no mode name outside lib/modes).
 */
import { hasPlanExitGate } from "./profiles";
import type { Mode, ModeProfile } from "./types";

export interface ModeProfileView {
  id: string;
  /** the built-in it is or extends; for colour fallbacks and the run history only */
  base: Mode;
  declared: boolean;
  label: string;
  description: string;
  icon: string;
  accent: string;
  posture: "read-only" | "read-write";
  /** S1: a room in it can be switched (review rooms cannot) */
  leavable: boolean;
  /** A3: the room may opt in to a read-only shell */
  shellOptIn: boolean;
  /** P5: leaving goes through the plan_exit gate; Plan Studio and the plan outcome apply */
  planGate: boolean;
  outputVerb: string | null;
}

export function profileView(profile: ModeProfile): ModeProfileView {
  return {
    id: profile.id,
    base: profile.mode,
    declared: profile.declared,
    label: profile.label,
    description: profile.description,
    icon: profile.icon,
    accent: profile.accent,
    posture: profile.posture,
    leavable: profile.leavable,
    shellOptIn: profile.shellOptIn,
    planGate: hasPlanExitGate(profile),
    outputVerb: profile.outputVerb,
  };
}
