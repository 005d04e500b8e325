/** One event of a room or workspace stream, as the server's SSE `data:` line carries it. */
export interface LiveEvent {
  /** the SSE id; absent for ephemeral text deltas */
  id?: string;
  type: string;
  roomId: string | null;
  runId: string | null;
  data: unknown;
  createdAt?: string;
}

/**
 * The event names the server sends. EventSource only hands named events to
 * listeners registered by name, so every type a page reacts to is listed here.
 */
export const LIVE_EVENT_TYPES = [
  "message.created",
  "run.queued",
  "run.started",
  "turn.started",
  "text.delta",
  "message",
  "tool.call",
  "tool.result",
  "approval.requested",
  "approval.decided",
  "question",
  "question.answered",
  "run.waiting",
  "run.nudged",
  "run.finished",
  "room.created",
  "room.mode_changed",
  "room.updated",
  "todos.updated",
  "plan.submitted",
  "plan.decided",
  "proposal.created",
  "proposal.decided",
  "ticket.created",
  "thread.created",
] as const;

/** Reads one field of an event's `data` object as a string, if it is one. */
export function dataString(event: LiveEvent, key: string): string | undefined {
  const data = event.data;
  if (data && typeof data === "object" && key in data) {
    const value = (data as Record<string, unknown>)[key];
    return typeof value === "string" ? value : undefined;
  }
  return undefined;
}
