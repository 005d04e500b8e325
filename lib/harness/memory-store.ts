/**
 * An in-process HarnessStore, for the benchmark and for tests whose subject is
 * not persistence (the escape suite). Same conditional transitions as the
 * PostgreSQL store, and the checkpoint is kept as the JSON the schema writes
 * and read back through it (A5), so the loop sees after a wait exactly what it
 * would see after PostgreSQL.
 */
import { TERMINAL_RUN_STATUSES } from "../run-status/run-status";
import type { RoomReader, RoomSnapshot } from "../dispatch/resolve-mode";
import type { TodoItem } from "../rooms/replace-todos";
import { readCheckpoint, storedCheckpoint } from "./lifecycle/checkpoint";
import type { ApprovalState, CallRecord, HarnessStore, RunRecord, RunStatus } from "./types";

export interface MemoryStore extends HarnessStore {
  /** `checkpoint` holds the JSON the schema wrote; loadRun parses it again, like PostgreSQL's `Run.state` */
  runs: Map<string, RunRecord & { outcome?: string | null; error?: string | null }>;
  calls: Map<string, CallRecord>;
  approvals: Map<string, { id: string; runId: string; callId: string; status: ApprovalState; comment?: string }>;
  rooms: Map<string, RoomSnapshot>;
  todoLists: Map<string, TodoItem[]>;
  roomReader: RoomReader;
  addRun(run: Omit<RunRecord, "status"> & { status?: RunStatus }): void;
  decide(approvalId: string, status: "approved" | "rejected", comment?: string): void;
}

const key = (runId: string, callId: string) => `${runId}\u0000${callId}`;
const TERMINAL = new Set<RunStatus>(TERMINAL_RUN_STATUSES);

export function createMemoryStore(): MemoryStore {
  const runs: MemoryStore["runs"] = new Map();
  const calls = new Map<string, CallRecord>();
  const approvals: MemoryStore["approvals"] = new Map();
  const rooms = new Map<string, RoomSnapshot>();
  const todoLists = new Map<string, TodoItem[]>();
  let nextApproval = 1;

  return {
    runs,
    calls,
    approvals,
    rooms,
    todoLists,
    roomReader: {
      async findRoom(workspaceId, roomId) {
        const room = rooms.get(roomId);
        return room && room.workspaceId === workspaceId ? { ...room } : null;
      },
    },
    addRun(run) {
      runs.set(run.id, { ...run, checkpoint: run.checkpoint ? storedCheckpoint(run.checkpoint) : null, status: run.status ?? "queued" });
    },
    decide(approvalId, status, comment) {
      const approval = approvals.get(approvalId);
      if (!approval || approval.status !== "pending") throw new Error("approval is not pending");
      approval.status = status;
      approval.comment = comment;
    },
    async loadRun(runId) {
      const run = runs.get(runId);
      if (!run) return null;
      const read = readCheckpoint(structuredClone(run.checkpoint));
      const { outcome: _outcome, error: _error, ...record } = run;
      return { ...record, checkpoint: read?.ok ? read.checkpoint : null, ...(read && !read.ok ? { unreadable: read.reason } : {}) };
    },
    async claimRun(runId) {
      const run = runs.get(runId);
      if (!run || TERMINAL.has(run.status)) return false;
      run.status = "running";
      return true;
    },
    async saveCheckpoint(runId, checkpoint, status, extra) {
      const run = runs.get(runId)!;
      run.checkpoint = storedCheckpoint(checkpoint);
      run.status = status;
      if (extra && "outcome" in extra) run.outcome = extra.outcome;
      if (extra && "error" in extra) run.error = extra.error;
    },
    async failRun(runId, error) {
      const run = runs.get(runId)!;
      run.status = "failed";
      run.error = error;
      run.outcome = null;
    },
    async recordCall(call) {
      const existing = calls.get(key(call.runId, call.callId));
      if (existing) return { record: { ...existing }, created: false };
      calls.set(key(call.runId, call.callId), { ...call });
      return { record: { ...call }, created: true };
    },
    async claimExecution(runId, callId) {
      const call = calls.get(key(runId, callId));
      if (!call || (call.status !== "pending" && call.status !== "waiting")) return false;
      call.status = "executing";
      return true;
    },
    async finishCall(runId, callId, patch) {
      const call = calls.get(key(runId, callId))!;
      Object.assign(call, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)));
    },
    async getCall(runId, callId) {
      const call = calls.get(key(runId, callId));
      return call ? { ...call } : null;
    },
    async createCallApproval(input) {
      const id = `approval-${nextApproval++}`;
      approvals.set(id, { id, runId: input.runId, callId: input.callId, status: "pending" });
      return id;
    },
    async approvalForCall(runId, callId) {
      for (const approval of approvals.values()) {
        if (approval.runId === runId && approval.callId === callId) return { status: approval.status, comment: approval.comment ?? null };
      }
      return null;
    },
    async todos(workspaceId, roomId) {
      return rooms.get(roomId)?.workspaceId === workspaceId ? (todoLists.get(roomId) ?? []) : [];
    },
  };
}
