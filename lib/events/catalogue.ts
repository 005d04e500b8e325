/**
 * Every room and workspace event, declared once. The writer (`recordEvent`),
 * the stream (event hub, SSE) and the client (`useEventStream`) share this
 * one type, so an event's name or fields cannot drift between them: a caller
 * passing a wrong shape fails the type check, and one that slips past it
 * (data built at run time) is refused when it is recorded.
 *
 * No server imports: the client derives its listener lists from here.
 */
import { z } from "zod";

const id = z.string();
const by = id.optional();

function event<T extends string, D extends z.ZodRawShape>(type: T, data: D) {
  return z.object({ type: z.literal(type), data: z.object(data) });
}

/** A run's progress and the agent's words and calls (the harness emits these). */
const runEvents = [
  event("run.queued", { messageId: id }),
  event("run.started", { mode: z.string() }),
  /** `mode` is the built-in the room's mode extends, `modeId` the mode itself (X1), `fingerprint` its compiled capability (G7) */
  event("turn.started", { step: z.number().int(), mode: z.string(), modeId: z.string().optional(), fingerprint: z.string().optional() }),
  /** ephemeral: travels by NOTIFY only, never stored */
  event("text.delta", { delta: z.string() }),
  /** `messageId` when the words were kept as a message of the conversation */
  event("message", { text: z.string(), messageId: id.optional() }),
  event("tool.call", {
    callId: id,
    tool: z.string(),
    tier: z.string(),
    effects: z.array(z.string()).readonly(),
    decision: z.string(),
    reason: z.string(),
    args: z.unknown(),
  }),
  event("tool.result", { callId: id, tool: z.string(), status: z.string(), output: z.unknown(), durationMs: z.number().optional() }),
  event("question", { callId: id, prompt: z.string() }),
  event("question.answered", { callId: id }),
  event("run.nudged", {}),
  event("run.waiting", { reason: z.string() }),
  event("run.finished", { status: z.string(), outcome: z.string().nullable(), error: z.string().optional() }),
  /** H4, O6, T5: the run's model relay refused a request (not the session's, another model, a spent budget); nothing was forwarded */
  event("model.refused", { reason: z.string() }),
  /** A6: a delegate call started a child run in the same room, and its end (the parent is queued again) */
  event("subagent.started", { callId: id, childRunId: id, task: z.string() }),
  event("subagent.finished", { callId: id.nullable(), childRunId: id, status: z.string() }),
] as const;

/** Gates a person decides: per-call approvals (with `callId`) and leaving plan mode (`kind: "plan_exit"`). */
const approvalEvents = [
  event("approval.requested", { approvalId: id, summary: z.string(), callId: id.optional(), tool: z.string().optional(), kind: z.string().optional() }),
  event("approval.decided", { approvalId: id, kind: z.string(), status: z.string(), by }),
] as const;

/** A1: the statuses of a room's task list entry (lib/rooms/stored-todos.ts, todo_write). */
export const TODO_STATUSES = ["pending", "in_progress", "completed"] as const;

const roomChange = { changes: z.record(z.string(), z.unknown()).optional(), mode: z.string(), via: z.string().optional(), by };

/** Rooms, their conversations and task lists. */
const roomEvents = [
  event("room.created", { name: z.string(), mode: z.string() }),
  /** X1, P6: every path's mode change, one shape (lib/rooms/change-room-mode.ts) */
  event("room.mode_changed", {
    mode: z.object({ from: z.string(), to: z.string() }),
    base: z.object({ from: z.string(), to: z.string() }),
    via: z.string(),
    approvalId: id.nullable(),
    runId: id.nullable(),
    changes: z.record(z.string(), z.unknown()).optional(),
    label: z.string(),
    by,
  }),
  /** G8: a switch nobody approved (a policy edit) widens, so it waits for this approval; the room is unchanged */
  event("room.mode_change_requested", {
    mode: z.object({ from: z.string(), to: z.string() }),
    base: z.object({ from: z.string(), to: z.string() }),
    via: z.string(),
    approvalId: id,
    runId: id.nullable(),
    label: z.string(),
    by,
  }),
  /** X4: an agent's change_mode waiting out its cancel window */
  event("room.mode_switch_requested", { approvalId: id, to: z.string(), label: z.string(), reason: z.string().nullable(), cancelBy: z.string() }),
  event("room.updated", roomChange),
  event("message.created", { messageId: id, conversationId: id.optional() }),
  event("thread.created", { conversationId: id, parentId: id, title: z.string() }),
  event("todos.updated", { todos: z.array(z.object({ content: z.string(), status: z.enum(TODO_STATUSES) })) }),
] as const;

/** Plans, proposals, orchestrations and their tickets. */
const planEvents = [
  event("plan.submitted", { planId: id, version: z.number().int(), goal: z.string(), steps: z.number().int() }),
  event("plan.decided", { planId: id, version: z.number().int(), status: z.string(), by }),
  /** O8: `superseded` lists the older pending proposals of the room this one replaced */
  event("proposal.created", { proposalId: id, superseded: z.array(id).optional() }),
  /** O8: a person rejected a proposal, or a newer one superseded it */
  event("proposal.decided", { proposalId: id, status: z.string(), by }),
  event("orchestration.started", { orchestrationId: id, planId: id.optional(), proposalId: id.optional(), projectId: id.optional(), tickets: z.number().int() }),
  /** O5: approval hired these agents (created or reused by name) */
  event("orchestration.agents_hired", { orchestrationId: id, created: z.array(z.string()), reused: z.array(z.string()) }),
  /** S2: a step opened its own room with this mode */
  event("pipeline.step_room_opened", { orchestrationId: id, key: z.string(), roomId: id, mode: z.string() }),
  /** a person paused, resumed or cancelled a pipeline, or O6 paused it at its budget (by: null) */
  event("pipeline.paused", { orchestrationId: id, by: id.nullable(), reason: z.string().nullable() }),
  event("pipeline.resumed", { orchestrationId: id, by: id.nullable(), reason: z.string().nullable() }),
  event("pipeline.cancelled", { orchestrationId: id, by: id.nullable(), reason: z.string().nullable() }),
  /** O6: a project reached a budget limit, and a person raised it */
  event("project.budget_reached", { orchestrationId: id, projectId: id, reason: z.string() }),
  event("project.budget_raised", {
    orchestrationId: id,
    projectId: id,
    maxRuns: z.number().nullable(),
    maxMinutes: z.number().nullable(),
    maxTokens: z.number().nullable(),
    by,
  }),
  event("orchestration.retried", { orchestrationId: id, tickets: z.array(z.string()), by }),
  event("orchestration.finished", { orchestrationId: id, status: z.string() }),
  event("ticket.created", { ticketId: id, title: z.string() }),
  event("ticket.started", { orchestrationId: id, key: z.string(), title: z.string() }),
  event("ticket.blocked", { orchestrationId: id, key: z.string(), reason: z.string() }),
  event("ticket.finished", { orchestrationId: id, key: z.string(), status: z.string() }),
  /** O7: a code ticket's changes were opened as a pull request, or it finished with none */
  event("ticket.pull_opened", { orchestrationId: id, key: z.string(), pullRequestId: id, number: z.number().int() }),
  event("ticket.no_changes", { orchestrationId: id, key: z.string() }),
  /** O7: the verdict for a ticket's pull request at its head changed, as its pipeline saw it */
  event("ticket.verdict", { orchestrationId: id, key: z.string(), pullRequestId: id, verdict: z.string() }),
  /** O7: a person settled a ticket in review despite its verdict, with a reason */
  event("ticket.overridden", { orchestrationId: id, key: z.string(), by: id, reason: z.string() }),
] as const;

/** Pull requests, their findings, reviews and gate results. */
const reviewEvents = [
  event("pull.opened", { pullRequestId: id, number: z.number().int(), headSha: z.string(), baseSha: z.string(), source: z.string() }),
  /** R9: closed, merged or reopened, by a person or by GitHub */
  event("pull.state_changed", { pullRequestId: id, state: z.enum(["open", "closed", "merged"]), by: z.string(), headSha: z.string(), reason: z.string().optional() }),
  event("pull.head_changed", { pullRequestId: id, from: z.string(), to: z.string(), remapped: z.number().int(), outdated: z.number().int(), unchanged: z.number().int() }),
  /** R3: a person asked another to review the pull request, or withdrew the request */
  event("pull.review_requested", { pullRequestId: id, userId: id, by: id }),
  event("pull.review_request_withdrawn", { pullRequestId: id, userId: id, by: id }),
  /** R9: GitHub reported a new title or base branch (`edited`); a new base is reviewed again */
  event("pull.edited", { pullRequestId: id, title: z.string(), baseRef: z.string() }),
  /** `status` when the finding was born dismissed (R10: a dismissal of its rule in its path covers it) */
  event("finding.created", { pullRequestId: id, findingId: id, kind: z.string(), priority: z.string(), title: z.string(), status: z.string().optional() }),
  event("finding.updated", { pullRequestId: id, findingId: id, change: z.string(), status: z.string().optional(), by }),
  /** R10: a reply in a finding's discussion thread */
  event("finding.replied", { pullRequestId: id, findingId: id, replyId: id, by }),
  /** a person opened an Agent-mode room to fix a finding ("Fix with an agent") */
  event("finding.fix_started", { pullRequestId: id, findingId: id, fixRoomId: id, by }),
  event("finding.dropped", { pullRequestId: id, droppedFindingId: id, reason: z.string(), author: z.string() }),
  event("review.published", { pullRequestId: id, reviewId: id, verdict: z.string(), headSha: z.string(), trigger: z.string() }),
  event("axes.recorded", { pullRequestId: id, headSha: z.string(), axes: z.array(z.string()), source: z.string() }),
  /** R12: publishing to GitHub was requested, or a try failed and another follows at `retryAt` (`reason` says why) */
  event("publish.pending", { pullRequestId: id, headSha: z.string(), attempt: z.number().int(), retryAt: z.string().optional(), reason: z.string().optional() }),
  /** R12: the check run (and comments) on GitHub match Gatehouse; `conclusion` null = published as in progress */
  event("publish.published", { pullRequestId: id, headSha: z.string(), conclusion: z.string().nullable(), checkRunUrl: z.string().nullable(), comments: z.number().int() }),
  /** R12: publishing gave up (a permanent refusal, or every try failed); a person can retry */
  event("publish.failed", { pullRequestId: id, headSha: z.string(), reason: z.string(), attempts: z.number().int() }),
] as const;

/** One event: its `type` and the `data` that type carries. */
export const roomEvent = z.discriminatedUnion("type", [...runEvents, ...approvalEvents, ...roomEvents, ...planEvents, ...reviewEvents]);
export type RoomEvent = z.infer<typeof roomEvent>;
export type RoomEventType = RoomEvent["type"];
/** The event of one type. */
export type RoomEventOf<T extends RoomEventType> = Extract<RoomEvent, { type: T }>;

const typesOf = <const E extends readonly { shape: { type: { value: string } } }[]>(events: E) =>
  events.map((e) => e.shape.type.value) as { [K in keyof E]: E[K]["shape"]["type"]["value"] };

/**
 * Every event name. EventSource hands named events only to listeners
 * registered by name, so the client listens to exactly these.
 */
export const ROOM_EVENT_TYPES: readonly RoomEventType[] = roomEvent.options.map((option) => option.shape.type.value);

/** What a pull request's pages react to: its own events and whether a reviewer is at work. */
export const REVIEW_EVENT_TYPES: readonly RoomEventType[] = [
  ...typesOf(reviewEvents),
  ...typesOf(runEvents).filter((type) => type === "run.queued" || type === "run.started" || type === "run.waiting" || type === "run.finished"),
];

/**
 * One event as a stream carries it, live or replayed after a reconnect (the
 * SSE `data:` line): the catalogue event with where it happened.
 */
export type StreamEvent = RoomEvent & {
  /** the SSE id; absent for ephemeral text deltas */
  id?: string;
  roomId: string | null;
  runId: string | null;
  createdAt?: string;
};

const streamEnvelope = z.object({ id: z.string().optional(), roomId: z.string().nullable(), runId: z.string().nullable(), createdAt: z.string().optional() });

/**
 * Reads one streamed event; null when it is not in the catalogue (an older or
 * newer server's event, or a stored row of a shape since retired).
 */
export function parseStreamEvent(raw: unknown): StreamEvent | null {
  const envelope = streamEnvelope.safeParse(raw);
  const body = roomEvent.safeParse(raw);
  return envelope.success && body.success ? { ...envelope.data, ...body.data } : null;
}
