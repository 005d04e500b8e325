/**
 * R3: decide whether a person's confirmation is taken. A finding moves from
 * `open` to `consensusReady` when people other than its author confirm it (as
 * many as the workspace asks for its priority, counted by settle-consensus.ts);
 * the author's own confirmation is refused with a reason. Resolved and
 * dismissed findings take no confirmations. `nextStatus` is the status with
 * the default requirement of one.
 *
 * Pure: the caller stores the FindingConfirmation row (its primary key
 * findingId+userId makes a repeated confirmation idempotent) and settles the
 * status in the same transaction under the finding's row lock, so 20 parallel
 * confirmations end in one consistent state.
 */
import type { FindingStatus } from "./schemas";

/** The part of a finding the decision needs (a Finding row fits). */
export interface ConfirmableFinding {
  status: FindingStatus;
  /** "agent:<name>" or "user:<id>" */
  author: string;
  authorUserId?: string | null;
}

/** R3: the outcome of one confirmation. */
export type ConfirmationDecision =
  | {
      ok: true;
      nextStatus: FindingStatus;
      /** "consensus" when this confirmation moved it to consensusReady, else "confirmed" */
      event: "consensus" | "confirmed";
    }
  | { ok: false; code: "author" | "closed"; reason: string };

/** R3: may `userId` confirm this finding, and what status follows? */
export function decideConfirmation(finding: ConfirmableFinding, userId: string): ConfirmationDecision {
  if (isAuthor(finding, userId)) {
    return { ok: false, code: "author", reason: "The author of a finding cannot confirm it; consensus needs another person (R3)." };
  }
  if (finding.status === "resolved" || finding.status === "dismissed") {
    return { ok: false, code: "closed", reason: `This finding is ${finding.status}; reopen it before confirming.` };
  }
  if (finding.status === "open") return { ok: true, nextStatus: "consensusReady", event: "consensus" };
  return { ok: true, nextStatus: "consensusReady", event: "confirmed" };
}

/** Both fields are checked: rows written by people carry both, and either alone must suffice. */
function isAuthor(finding: ConfirmableFinding, userId: string): boolean {
  if (finding.authorUserId != null && finding.authorUserId === userId) return true;
  return finding.author === `user:${userId}`;
}
