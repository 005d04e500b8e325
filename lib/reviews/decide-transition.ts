/**
 * R2, R3, R10: resolve, dismiss and reopen a finding. Findings are records with
 * a lifecycle, so every move is explicit and leaves an event:
 *
 *   open / consensusReady --resolve--> resolved   (reason optional: "fixed in abc123")
 *   open / consensusReady --dismiss--> dismissed  (reason required: a dismissal
 *                                                  also stops the finding from
 *                                                  being raised again)
 *   resolved / dismissed  --reopen-->  open, or consensusReady if another
 *                                      person had already confirmed it
 *
 * Pure: the caller applies the change conditionally on the status it read.
 */
import type { FindingStatus } from "./schemas";

/** What a person (or the platform) does to a finding. */
export type FindingAction = "resolve" | "dismiss" | "reopen";

/** The outcome of one transition request. */
export type TransitionDecision =
  | { ok: true; nextStatus: FindingStatus; event: "resolved" | "dismissed" | "reopened"; reason?: string }
  | { ok: false; reason: string };

/** Decide one lifecycle move. `confirmedByOthers` = it has as many confirmations from people other than its author as its priority needs (R3). */
export function decideTransition(
  status: FindingStatus,
  action: FindingAction,
  options: { reason?: string | null; confirmedByOthers?: boolean } = {},
): TransitionDecision {
  const reason = options.reason?.trim() || undefined;
  const live = status === "open" || status === "consensusReady";
  switch (action) {
    case "resolve":
      if (!live) return { ok: false, reason: `A ${status} finding cannot be resolved; reopen it first.` };
      return { ok: true, nextStatus: "resolved", event: "resolved", ...(reason ? { reason } : {}) };
    case "dismiss":
      if (!live) return { ok: false, reason: `A ${status} finding cannot be dismissed; reopen it first.` };
      if (!reason) return { ok: false, reason: "Dismissing a finding needs a reason: it will not be raised again." };
      return { ok: true, nextStatus: "dismissed", event: "dismissed", reason };
    case "reopen":
      if (live) return { ok: false, reason: `The finding is already ${status}.` };
      return {
        ok: true,
        nextStatus: options.confirmedByOthers ? "consensusReady" : "open",
        event: "reopened",
        ...(reason ? { reason } : {}),
      };
  }
}
