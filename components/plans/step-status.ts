/** How a plan step looks in Plan Studio: its ticket's status once approved, its change since the previous version before. */
import type { BadgeTone } from "@/components/ui/badge";

export type TicketStatus = "pending" | "running" | "succeeded" | "failed" | "blocked" | "in_review";
export type StepChange = "added" | "changed" | null;

export const TICKET_STATUS: Record<TicketStatus, { label: string; tone: BadgeTone; ring: string }> = {
  pending: { label: "Pending", tone: "neutral", ring: "ring-zinc-300 dark:ring-zinc-700" },
  running: { label: "Running", tone: "indigo", ring: "ring-indigo-400 dark:ring-indigo-500" },
  succeeded: { label: "Succeeded", tone: "green", ring: "ring-emerald-400 dark:ring-emerald-600" },
  failed: { label: "Failed", tone: "red", ring: "ring-red-400 dark:ring-red-600" },
  blocked: { label: "Blocked", tone: "amber", ring: "ring-amber-400 dark:ring-amber-600" },
  // O7: its pull request waits for a ship verdict or a person's override.
  in_review: { label: "In review", tone: "amber", ring: "ring-sky-400 dark:ring-sky-500" },
};

export const CHANGE_LABEL: Record<Exclude<StepChange, null>, string> = { added: "new", changed: "changed" };
