import "server-only";
/**
 * The harness's persistence on PostgreSQL/PGlite. Every transition that two
 * processes could race on is a conditional update (claim a run, claim a call's
 * execution) or a unique constraint (one record per (run, call)).
 */
import { TERMINAL_RUN_STATUSES } from "../run-status/run-status";
import type { Prisma, PrismaClient } from "../db/generated/client";
import { isUniqueViolation } from "../db/unique-violation";
import type { RoomReader, RoomSnapshot } from "../dispatch/resolve-mode";
import { storedModeView } from "../modes/profile-view";
import { parseStoredPolicy } from "../modes/resolve-profile";
import { worktreeGit } from "../repos/mirror-paths";
import { readStoredTodos } from "../rooms/stored-todos";
import { readCheckpoint, storedCheckpoint } from "./lifecycle/checkpoint";
import type { CallRecord, HarnessStore, RunRecord, RunStatus } from "./types";

const TERMINAL: RunStatus[] = [...TERMINAL_RUN_STATUSES];

export interface PrismaStoreOptions {
  /** who holds run leases taken through this store (a worker id) */
  owner: string;
  /** how long a lease lasts without renewal; a crashed worker's run is taken over after it */
  leaseMs?: number;
}

function toCallRecord(row: {
  runId: string; callId: string; step: number; tool: string; toolId: string | null; tier: string; effects: string[]; args: unknown;
  mode: CallRecord["mode"]; decision: string; reason: string | null; status: string; result: unknown; durationMs: number | null;
}): CallRecord {
  return {
    runId: row.runId,
    callId: row.callId,
    step: row.step,
    tool: row.tool,
    toolId: row.toolId,
    tier: row.tier,
    effects: row.effects,
    args: row.args,
    mode: row.mode,
    decision: row.decision as CallRecord["decision"],
    reason: row.reason ?? "",
    status: row.status as CallRecord["status"],
    result: row.result ?? undefined,
    durationMs: row.durationMs ?? undefined,
  };
}

export function createPrismaHarnessStore(prisma: PrismaClient, options: PrismaStoreOptions): HarnessStore {
  const leaseMs = options.leaseMs ?? 60_000;
  const leaseUntil = () => new Date(Date.now() + leaseMs);

  return {
    async loadRun(runId) {
      const run = await prisma.run.findUnique({ where: { id: runId }, include: { room: { select: { workspaceId: true } } } });
      if (!run) return null;
      const read = readCheckpoint(run.state);
      return {
        id: run.id,
        workspaceId: run.workspaceId,
        // S4: a room id from another workspace is no room at all for this run.
        roomId: run.room?.workspaceId === run.workspaceId ? run.roomId : null,
        agentId: run.agentId,
        status: run.status,
        checkpoint: read?.ok ? read.checkpoint : null,
        ...(read && !read.ok ? { unreadable: read.reason } : {}),
      } satisfies RunRecord;
    },

    async claimRun(runId) {
      const now = new Date();
      const { count } = await prisma.run.updateMany({
        where: {
          id: runId,
          status: { notIn: TERMINAL },
          OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }, { leaseOwner: options.owner }],
        },
        data: { status: "running", leaseOwner: options.owner, leaseUntil: leaseUntil() },
      });
      if (count === 1) await prisma.run.updateMany({ where: { id: runId, startedAt: null }, data: { startedAt: now } });
      return count === 1;
    },

    async saveCheckpoint(runId, checkpoint, status, extra) {
      const releases = status !== "running";
      // updateMany: the run (its whole transcript) is not sent back and parsed again at every step.
      const { count } = await prisma.run.updateMany({
        where: { id: runId },
        data: {
          state: storedCheckpoint(checkpoint) as unknown as Prisma.InputJsonValue,
          status,
          steps: checkpoint.step,
          ...(extra?.mode ? { mode: extra.mode } : {}),
          ...(extra?.profile ? { mode: extra.profile.mode, modeView: storedModeView(extra.profile) } : {}),
          ...(extra?.fingerprint ? { fingerprint: extra.fingerprint } : {}),
          ...(extra && "outcome" in extra ? { outcome: extra.outcome } : {}),
          ...(extra && "error" in extra ? { error: extra.error } : {}),
          ...(TERMINAL.includes(status) ? { finishedAt: new Date() } : {}),
          // Parking or finishing hands the run back; running renews the lease.
          ...(releases ? { leaseOwner: null, leaseUntil: null } : { leaseUntil: leaseUntil() }),
        },
      });
      if (count !== 1) throw new Error(`run ${runId} is not on record`);
    },

    async failRun(runId, error) {
      const { count } = await prisma.run.updateMany({
        where: { id: runId },
        data: { status: "failed", error, outcome: null, finishedAt: new Date(), leaseOwner: null, leaseUntil: null },
      });
      if (count !== 1) throw new Error(`run ${runId} is not on record`);
    },

    async recordCall(call) {
      try {
        // Only the id comes back: the record is what was written (no result yet), not read back and mapped.
        await prisma.toolCall.create({
          select: { id: true },
          data: {
            runId: call.runId,
            callId: call.callId,
            step: call.step,
            tool: call.tool,
            toolId: call.toolId ?? null,
            tier: call.tier,
            effects: [...call.effects],
            args: (call.args ?? null) as Prisma.InputJsonValue,
            mode: call.mode,
            fingerprint: call.fingerprint ?? null,
            decision: call.decision,
            reason: call.reason,
            status: call.status,
          },
        });
        const written = { ...call, toolId: call.toolId ?? null, effects: [...call.effects], args: call.args ?? null, result: null, durationMs: null };
        return { record: toCallRecord(written), created: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const row = await prisma.toolCall.findUniqueOrThrow({ where: { runId_callId: { runId: call.runId, callId: call.callId } } });
        return { record: toCallRecord(row), created: false };
      }
    },

    async claimExecution(runId, callId) {
      const { count } = await prisma.toolCall.updateMany({
        where: { runId, callId, status: { in: ["pending", "waiting"] } },
        data: { status: "executing" },
      });
      return count === 1;
    },

    async finishCall(runId, callId, patch) {
      if (patch.status === "waiting") {
        // A6: a sub-agent can end (and answer the call) before its parent parks; a call with a result never reopens.
        await prisma.toolCall.updateMany({
          where: { runId, callId, status: { in: ["pending", "executing", "waiting"] } },
          data: { status: "waiting", ...(patch.durationMs !== undefined ? { durationMs: patch.durationMs } : {}) },
        });
        return;
      }
      // updateMany: the row (and its result) is not sent back; a call that is not there is still an error.
      const { count } = await prisma.toolCall.updateMany({
        where: { runId, callId },
        data: {
          status: patch.status,
          ...(patch.result !== undefined ? { result: patch.result as Prisma.InputJsonValue } : {}),
          ...(patch.durationMs !== undefined ? { durationMs: patch.durationMs } : {}),
          ...(patch.reason !== undefined ? { reason: patch.reason } : {}),
          finishedAt: new Date(),
        },
      });
      if (count !== 1) throw new Error(`tool call ${callId} of run ${runId} is not on record`);
    },

    async getCall(runId, callId) {
      const row = await prisma.toolCall.findUnique({ where: { runId_callId: { runId, callId } } });
      return row ? toCallRecord(row) : null;
    },

    async createCallApproval(input) {
      const call = await prisma.toolCall.findUniqueOrThrow({ where: { runId_callId: { runId: input.runId, callId: input.callId } } });
      // S4: the approval shows in the room only when the room is the run's workspace's.
      const roomId = input.roomId && (await prisma.room.count({ where: { id: input.roomId, workspaceId: input.workspaceId } })) ? input.roomId : null;
      try {
        const approval = await prisma.approval.create({
          data: {
            workspaceId: input.workspaceId,
            roomId,
            runId: input.runId,
            kind: "tool_call",
            toolCallId: call.id,
            summary: input.summary,
          },
        });
        return approval.id;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return (await prisma.approval.findUniqueOrThrow({ where: { toolCallId: call.id } })).id;
      }
    },

    async approvalForCall(runId, callId) {
      const call = await prisma.toolCall.findUnique({
        where: { runId_callId: { runId, callId } },
        include: { approval: true },
      });
      if (!call?.approval) return null;
      return { status: call.approval.status, decidedBy: call.approval.decidedById, comment: call.approval.comment };
    },

    async todos(workspaceId, roomId) {
      const room = await prisma.room.findFirst({ where: { id: roomId, workspaceId }, select: { todos: true } });
      return readStoredTodos(room?.todos);
    },
  };
}

/** S4: room lookups are always scoped to the run's workspace. */
export function createPrismaRoomReader(prisma: PrismaClient): RoomReader {
  return {
    async findRoom(workspaceId, roomId): Promise<RoomSnapshot | null> {
      const room = await prisma.room.findFirst({
        where: { id: roomId, workspaceId },
        select: {
          id: true, workspaceId: true, mode: true, modeDeclaration: true, autonomy: true, planShell: true, worktreePath: true, repositoryId: true, todos: true,
          workspace: { select: { modePolicy: true } },
        },
      });
      if (!room) return null;
      const { repositoryId, workspace, todos, ...snapshot } = room;
      // H2: the git data comes from the records (repository → mirror, worktree path → its name), never from <wt>/.git.
      return { ...snapshot, policy: parseStoredPolicy(workspace.modePolicy), git: worktreeGit(repositoryId, room.worktreePath), todos: readStoredTodos(todos) };
    },
  };
}
