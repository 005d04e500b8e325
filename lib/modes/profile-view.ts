/**
 * X1: what the UI may know about a mode — read from the profile, so no
 * component compares mode names (STYLE: no mode name outside lib/modes).
 */
import { z } from "zod";
import { hasPlanExitGate, PROFILES } from "./profiles";
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

/** X1: what a run stores about the mode its latest turn ran in (Run.modeView), parsed where it is read. */
export const storedModeViewSchema = z.object({ v: z.literal(1), id: z.string(), label: z.string(), icon: z.string(), accent: z.string() });
export type StoredModeView = z.output<typeof storedModeViewSchema>;

export function storedModeView(profile: ModeProfile): StoredModeView {
  return { v: 1, id: profile.id, label: profile.label, icon: profile.icon, accent: profile.accent };
}

/** The badge of the mode a run ran in, as the run recorded it — a declared mode by its own name, even once it is gone. */
export type RunModeView = Pick<ModeProfileView, "id" | "base" | "declared" | "label" | "icon" | "accent" | "planGate">;

export function runModeView(mode: Mode, stored: unknown): RunModeView {
  const base = profileView(PROFILES[mode]);
  const parsed = storedModeViewSchema.safeParse(stored);
  // Runs from before modes were recorded by name show the built-in they ran under.
  if (!parsed.success || parsed.data.id === base.id) return base;
  const { id, label, icon, accent } = parsed.data;
  return { ...base, id, label, icon, accent, declared: true };
}
