/**
 * R10: decide what happens when a reviewer raises a finding whose
 * fingerprint may already exist on the pull request. Findings are records
 * with a lifecycle, not comments that are overwritten on every run:
 *
 * - nothing with that fingerprint → create it;
 * - an open or consensusReady one → keep it (its state and history stay;
 *   the caller may refresh the anchor);
 * - a dismissed one → suppress: a person already decided, it is not raised again
 *   (R10: until the dismissal's expiry, if it has one; then it reopens);
 * - a resolved one → reopen: the same code with the same problem is back.
 */
import type { FindingStatus } from "./schemas";

/** The part of a stored finding the decision needs. */
export interface ExistingFinding {
  id: string;
  fingerprint: string;
  status: FindingStatus;
  /** R10: a dismissal with an expiry lapses at this time */
  dismissedUntil?: Date | null;
}

/** What to do with a raised finding. */
export type RaisedFindingAction =
  | { action: "create" }
  | { action: "keep"; id: string }
  | { action: "reopen"; id: string; reason: string }
  | { action: "suppress"; id: string; reason: string };

/** Decide create / keep / reopen / suppress for one raised fingerprint. */
export function matchRaisedFinding(
  fingerprint: string,
  existing: ReadonlyMap<string, ExistingFinding> | readonly ExistingFinding[],
  now: Date = new Date(),
): RaisedFindingAction {
  const found = Array.isArray(existing)
    ? (existing as readonly ExistingFinding[]).find((f) => f.fingerprint === fingerprint)
    : (existing as ReadonlyMap<string, ExistingFinding>).get(fingerprint);
  if (!found) return { action: "create" };
  switch (found.status) {
    case "open":
    case "consensusReady":
      return { action: "keep", id: found.id };
    case "dismissed":
      if (found.dismissedUntil && found.dismissedUntil.getTime() <= now.getTime()) {
        return { action: "reopen", id: found.id, reason: `the dismissal expired on ${found.dismissedUntil.toISOString().slice(0, 10)} and the finding was raised again` };
      }
      return { action: "suppress", id: found.id, reason: "the same finding was dismissed earlier and is not raised again" };
    case "resolved":
      return { action: "reopen", id: found.id, reason: "the same finding was raised again after it had been resolved" };
  }
}
