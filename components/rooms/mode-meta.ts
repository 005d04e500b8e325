/**
 * How modes and the autonomy dial are named and coloured in the UI. Labels
 * come from the capability profiles (C1: chat is "Agent"), so there is one
 * source for what a mode is called.
 */
import type { Autonomy, Mode } from "@/lib/modes/types";
import { PROFILES } from "@/lib/modes/profiles";
import { profileView, type ModeProfileView } from "@/lib/modes/profile-view";

export type { ModeProfileView };

/** The view of a built-in profile, for records that name only the built-in (a run's mode). */
export function builtInView(mode: Mode): ModeProfileView {
  return profileView(PROFILES[mode]);
}

/** S1: the built-ins people can pick before the workspace's own modes load. */
export const BUILT_IN_SELECTABLE: ModeProfileView[] = (Object.keys(PROFILES) as Mode[]).filter((mode) => PROFILES[mode].selectable).map(builtInView);

/** Distinct accents: Agent sky, Plan amber, Review violet, Orchestrate emerald. */
export const MODE_ACCENT: Record<Mode, { badge: string; dot: string }> = {
  chat: {
    badge: "bg-sky-50 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800",
    dot: "bg-sky-500",
  },
  plan: {
    badge: "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
    dot: "bg-amber-500",
  },
  review: {
    badge: "bg-violet-50 text-violet-800 ring-violet-300 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-800",
    dot: "bg-violet-500",
  },
  orchestrate: {
    badge: "bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800",
    dot: "bg-emerald-500",
  },
};

/** G3: the dial, in words a person can decide with. */
export const AUTONOMY: Record<Autonomy, { label: string; explanation: string }> = {
  ask: { label: "Ask", explanation: "Every write and every command waits for a person to confirm it." },
  auto_edit: { label: "Auto-edit", explanation: "File edits run on their own; commands wait for a person to confirm them." },
  auto: { label: "Auto", explanation: "Nothing waits for a confirmation; the mode still decides which tools exist." },
};

export const AUTONOMY_LEVELS: Autonomy[] = ["ask", "auto_edit", "auto"];

/**
 * G3, M5: the dial's words for a room's mode. A read-only mode has no file
 * edits at all (they are off the surface), so its words never promise them.
 */
export function autonomyExplanation(autonomy: Autonomy, posture: ModeProfileView["posture"]): string {
  if (posture === "read-write") return AUTONOMY[autonomy].explanation;
  const readOnly: Record<Autonomy, string> = {
    ask: "This mode cannot edit files; every command waits for a person to confirm it.",
    auto_edit: "This mode cannot edit files; commands wait for a person to confirm them.",
    auto: "This mode cannot edit files; nothing else waits for a confirmation.",
  };
  return readOnly[autonomy];
}
