/** Words and small formatting for the review room: labels a person reads, never raw enum names. */
import type { FindingKind, FindingStatus, Priority, ReviewView, Verdict } from "@/components/pulls/pull-types";

export function shortSha(sha: string | null | undefined): string {
  return sha ? sha.slice(0, 7) : "—";
}

export const KIND_LABEL: Record<FindingKind, string> = {
  bug: "Bug",
  suggestion: "Suggestion",
  recommendation: "Recommendation",
  question: "Question",
  ticket: "Ticket",
};

export const STATUS_LABEL: Record<FindingStatus, string> = {
  open: "Open",
  consensusReady: "Confirmed",
  resolved: "Resolved",
  dismissed: "Dismissed",
};

export const PRIORITY_MEANING: Record<Priority, string> = {
  P0: "blocks release",
  P1: "should be fixed before merging",
  P2: "worth fixing",
  P3: "nice to have",
};

export const VERDICT_WORDS: Record<Verdict, { label: string; headline: string }> = {
  ship: { label: "Ship", headline: "Nothing found that should stop this merge." },
  hold: { label: "Hold", headline: "Not yet: something needs a person or more evidence before merging." },
  block: { label: "Block", headline: "This must not merge as it is." },
};

export const TRIGGER_LABEL: Record<ReviewView["trigger"], string> = {
  finalize: "review published",
  axes: "axis results arrived",
  check_run: "GitHub check arrived",
  finding: "a finding changed",
  coverage: "a person accepted the coverage gap",
  settings: "the required confirmations changed",
};

export function percent(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** "3 min ago"; the caller renders it with suppressHydrationWarning (server and browser clocks differ). */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (!Number.isFinite(seconds)) return "";
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return formatDateTime(iso);
}

/** A finding's place, e.g. "src/a.js:12–14". */
export function anchorLabel(anchor: { file: string; startLine: number; endLine: number }): string {
  return `${anchor.file}:${anchor.startLine}${anchor.endLine !== anchor.startLine ? `–${anchor.endLine}` : ""}`;
}
