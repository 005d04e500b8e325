/** Events of pull requests, findings and reviews, plus the run events that say a reviewer is working. */
export const REVIEW_EVENT_TYPES = [
  "pull.opened",
  "pull.head_changed",
  "pull.state_changed",
  "finding.created",
  "finding.updated",
  "finding.dropped",
  "review.published",
  "axes.recorded",
  "run.queued",
  "run.started",
  "run.waiting",
  "run.finished",
] as const;
