/**
 * Ports of the harness: what it needs from persistence, people and the model,
 * as interfaces, so the loop is framework-free and runs the same in the web
 * process, a worker, a test or the benchmark.
 */
import type { Mode, ModeProfile } from "../modes/types";
import type { RunCheckpoint } from "./lifecycle/checkpoint";
import type { TodoItem } from "../rooms/replace-todos";

export type { RunStatus } from "../run-status/run-status";
import type { RunStatus } from "../run-status/run-status";

export type { CallResult, PendingCall, RunCheckpoint } from "./lifecycle/checkpoint";

export interface RunRecord {
  id: string;
  workspaceId: string;
  roomId: string | null;
  agentId: string | null;
  status: RunStatus;
  checkpoint: RunCheckpoint | null;
  /** why the stored checkpoint cannot be resumed (a shape this build does not know); the run fails with it */
  unreadable?: string;
}

/** How a recorded call stands. "executing" without a result means a worker died mid-call. */
export type CallStatus = "pending" | "waiting" | "executing" | "executed" | "refused" | "error";

export interface CallRecord {
  runId: string;
  callId: string;
  step: number;
  tool: string;
  /** M8: the identity of the tool the guard decided on (lib/modes/tool-identity.ts); null when it decided on none (refused) */
  toolId?: string | null;
  tier: string;
  effects: readonly string[];
  args: unknown;
  mode: Mode;
  /** G7: the compiled capability this decision was made under */
  fingerprint?: string | null;
  decision: "allow" | "deny" | "confirm";
  reason: string;
  status: CallStatus;
  result?: unknown;
  durationMs?: number;
}

export type ApprovalState = "pending" | "approved" | "rejected" | "refused" | "applied";

/** Persistence the harness needs; lib/harness/prisma-store.ts is the real one. */
export interface HarnessStore {
  loadRun(runId: string): Promise<RunRecord | null>;
  /** conditional: only a queued or waiting run can be taken; false = someone else has it or it ended */
  claimRun(runId: string): Promise<boolean>;
  saveCheckpoint(
    runId: string,
    checkpoint: RunCheckpoint,
    status: RunStatus,
    /** `profile`: X1, the (possibly declared) mode the turn ran in, recorded by name on the run */
    extra?: { mode?: Mode; profile?: ModeProfile; fingerprint?: string; outcome?: string | null; error?: string | null },
  ): Promise<void>;
  /** ends a claimed run as failed without touching its stored state (kept as it was, for a person to inspect) */
  failRun(runId: string, error: string): Promise<void>;
  /** idempotent on (runId, callId): `created` false and the existing record when the call was seen before (a resumed run) */
  recordCall(call: CallRecord): Promise<{ record: CallRecord; created: boolean }>;
  /** conditional: pending → executing; false means it already ran (or is running) elsewhere */
  claimExecution(runId: string, callId: string): Promise<boolean>;
  finishCall(runId: string, callId: string, patch: { status: CallStatus; result?: unknown; durationMs?: number; reason?: string }): Promise<void>;
  getCall(runId: string, callId: string): Promise<CallRecord | null>;
  /** G4: opens an "Agent approval" row for a call */
  createCallApproval(input: { workspaceId: string; roomId: string | null; runId: string; callId: string; summary: string }): Promise<string>;
  approvalForCall(runId: string, callId: string): Promise<{ status: ApprovalState; decidedBy?: string | null; comment?: string | null } | null>;
  /** A1: the room's task list, shown to the agent before each step */
  todos(workspaceId: string, roomId: string): Promise<TodoItem[]>;
}

export type HarnessEvent =
  | { type: "run.started"; runId: string; mode: Mode }
  | { type: "turn.started"; runId: string; step: number; mode: Mode; modeId: string; fingerprint: string }
  | { type: "text.delta"; runId: string; delta: string }
  | { type: "message"; runId: string; text: string }
  | { type: "tool.call"; runId: string; callId: string; tool: string; tier: string; effects: readonly string[]; decision: string; reason: string; args: unknown }
  | { type: "tool.result"; runId: string; callId: string; tool: string; status: CallStatus; output: unknown; durationMs?: number }
  | { type: "approval.requested"; runId: string; callId: string; approvalId: string; tool: string; summary: string }
  | { type: "question"; runId: string; callId: string; prompt: string }
  | { type: "subagent.started"; runId: string; callId: string; childRunId: string; task: string }
  | { type: "run.nudged"; runId: string }
  | { type: "run.waiting"; runId: string; reason: string }
  | { type: "model.refused"; runId: string; reason: string }
  | { type: "run.finished"; runId: string; status: RunStatus; outcome: string | null; error?: string };

export interface EventSink {
  emit(event: HarnessEvent): void | Promise<void>;
}

/** G4: whether someone who could approve is connected right now. */
export interface ApproverPresence {
  anyConnected(workspaceId: string): Promise<boolean>;
}

export interface HarnessLimits {
  /** model turns per run */
  maxSteps: number;
  /** tool calls per turn */
  maxCallsPerStep: number;
}

