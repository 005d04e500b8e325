/**
 * R9: which of two reports of one pull request GitHub made later, by GitHub's
 * own clock — never by commit ancestry, since a force-push may move the head
 * back to an older commit and that is then the newest state.
 *
 * Every pull_request delivery carries the whole pull request as it was when
 * the event happened, so ordering two of them is enough to know which state
 * is GitHub's newest:
 *
 * 1. `pull_request.updated_at`: the later one is newer.
 * 2. On a tie (GitHub's clock counts whole seconds) or a missing time: two
 *    reports that say the same (state, title, base branch, head) are the same
 *    state; otherwise the synchronize before/after chain decides — a push whose
 *    `before` is the other report's head came after it.
 * 3. Anything else is a tie nobody can order from the payloads: GitHub's API
 *    is asked for the pull request as it is now (reconcile-github-pull.ts).
 *    A report without a time at all (GitHub always sends one; a hand-made
 *    delivery may not) is taken as newer: arrival is all there is to go by.
 */

export type ForgePullState = "open" | "closed" | "merged";

/** A pull request as one delivery (or GitHub's API) reported it. */
export interface PullReport {
  /** pull_request.updated_at; null when the payload had none */
  updatedAt: Date | null;
  state: ForgePullState;
  title: string;
  baseRef: string;
  headSha: string;
  /** synchronize: the head before the push */
  beforeSha: string | null;
}

export type ReportOrder = "newer" | "older" | "same" | "tie";

/** R9: how `delivered` orders against what was `stored` (null: nothing yet, so it is newer). */
export function orderReports(stored: PullReport | null, delivered: PullReport): ReportOrder {
  if (!stored) return "newer";
  if (delivered.updatedAt && stored.updatedAt) {
    const by = delivered.updatedAt.getTime() - stored.updatedAt.getTime();
    if (by > 0) return "newer";
    if (by < 0) return "older";
  } else if (delivered.updatedAt && !stored.updatedAt) {
    return "newer";
  }
  if (sameState(stored, delivered)) return "same";
  // The before/after chain: a push from the other report's head came after it.
  if (delivered.beforeSha && delivered.beforeSha === stored.headSha && delivered.headSha !== stored.headSha) return "newer";
  if (stored.beforeSha && stored.beforeSha === delivered.headSha && stored.headSha !== delivered.headSha) return "older";
  return delivered.updatedAt ? "tie" : "newer";
}

/** The parts of a pull request Gatehouse keeps true; labels, assignees and the body are not among them. */
export function sameState(a: Omit<PullReport, "updatedAt" | "beforeSha">, b: Omit<PullReport, "updatedAt" | "beforeSha">): boolean {
  return a.state === b.state && a.title === b.title && a.baseRef === b.baseRef && a.headSha === b.headSha;
}

/** A delivery's state: GitHub's `state` (open or closed) and `merged`. */
export function reportState(state: string | null | undefined, merged: boolean | null | undefined, action: string): ForgePullState {
  const closed = state ? state === "closed" : action === "closed";
  if (!closed) return "open";
  return merged ? "merged" : "closed";
}
