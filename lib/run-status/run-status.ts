/**
 * A run's statuses, listed once. Every check of "has this run finished?" or
 * "is it still at work?" reads these sets, so a new status cannot be missed
 * by one of them. No imports: the client and the database queries use it.
 */
export const RUN_STATUSES = ["queued", "running", "waiting", "succeeded", "failed", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A run in one of these will never run again (A4's outcome is recorded beside it). */
export const TERMINAL_RUN_STATUSES = ["succeeded", "failed", "cancelled"] as const satisfies readonly RunStatus[];
export type TerminalRunStatus = (typeof TERMINAL_RUN_STATUSES)[number];

/** A run still at work, or waiting on a person: the opposite of terminal. */
export const ACTIVE_RUN_STATUSES = ["queued", "running", "waiting"] as const satisfies readonly RunStatus[];

export function isTerminalRunStatus(status: string): status is TerminalRunStatus {
  return (TERMINAL_RUN_STATUSES as readonly string[]).includes(status);
}
