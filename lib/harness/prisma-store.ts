import "server-only";
/**
 * The harness's persistence on PostgreSQL/PGlite. Every transition that two
 * processes could race on is a conditional update (claim a run, claim a call's
 * execution) or a unique constraint (one record per (run, call)).
 *
 * The statements of every step (claim, checkpoint, record, claim and finish a
 * call) are SQL sent through the database's raw runner: a worker sends about
 * fifty of them per run, and one through the Prisma client costs the worker
 * three to four times the CPU of the same statement sent directly (README,
 * Performance). They write the columns exactly as the client does
 * (lib/db/raw-values.ts); the rare paths stay on the client.
 */
import { TERMINAL_RUN_STATUSES } from "../run-status/run-status";
import type { Database } from "../db/client";
import type { PrismaClient } from "../db/generated/client";
import { newRowId, timestampParam } from "../db/raw-values";
import { isUniqueViolation } from "../db/unique-violation";
import type { RoomReader, RoomSnapshot } from "../dispatch/resolve-mode";
import { storedModeView } from "../modes/profile-view";
import { parseStoredPolicy } from "../modes/resolve-profile";
import { worktreeGit } from "../repos/mirror-paths";
import { readStoredTodos } from "../rooms/stored-todos";
import { readCheckpoint, storedCheckpointJson } from "./lifecycle/checkpoint";
import type { CallRecord, HarnessStore, RunRecord, RunStatus } from "./types";

const TERMINAL: RunStatus[] = [...TERMINAL_RUN_STATUSES];
/** The terminal statuses as SQL literals (constants of the code, never input). */
const TERMINAL_SQL = TERMINAL.map((status) => `'${status}'`).join(", ");

/** `"column" = $n` assignments and their parameters, for an UPDATE whose columns vary. */
function assignments() {
  const params: unknown[] = [];
  const sets: string[] = [];
  return {
    params,
    sets,
    set(column: string, value: unknown, cast = "") {
      params.push(value);
      sets.push(`"${column}" = $${params.length}${cast}`);
    },
    next(value: unknown) {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

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

export function createPrismaHarnessStore(db: Pick<Database, "prisma" | "sql">, options: PrismaStoreOptions): HarnessStore {
  const { prisma, sql } = db;
  const leaseMs = options.leaseMs ?? 60_000;
  const leaseUntil = () => timestampParam(new Date(Date.now() + leaseMs));
  /** rows an UPDATE … RETURNING "id" touched */
  const touched = async (text: string, params: unknown[]) => (await sql.query(text, params)).rows.length;

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
      const now = timestampParam(new Date());
      // One statement: the status, the lease and (the first time) startedAt.
      const count = await touched(
        `UPDATE "Run" SET "status" = 'running', "leaseOwner" = $2::text, "leaseUntil" = $3::timestamp(3), "startedAt" = COALESCE("startedAt", $4::timestamp(3))
         WHERE "id" = $1::text AND "status"::text NOT IN (${TERMINAL_SQL})
           AND ("leaseUntil" IS NULL OR "leaseUntil" < $4::timestamp(3) OR "leaseOwner" = $2::text)
         RETURNING "id"`,
        [runId, options.owner, leaseUntil(), now],
      );
      return count === 1;
    },

    async saveCheckpoint(runId, checkpoint, status, extra) {
      const releases = status !== "running";
      const update = assignments();
      update.set("state", storedCheckpointJson(checkpoint), "::jsonb");
      update.set("status", status, '::text::"RunStatus"');
      update.set("steps", checkpoint.step, "::int");
      const mode = extra?.profile?.mode ?? extra?.mode;
      if (mode) update.set("mode", mode, '::text::"Mode"');
      if (extra?.profile) update.set("modeView", JSON.stringify(storedModeView(extra.profile)), "::jsonb");
      if (extra?.fingerprint) update.set("fingerprint", extra.fingerprint, "::text");
      // As with the client, a field given as undefined is left as it is; null clears it.
      if (extra?.outcome !== undefined) update.set("outcome", extra.outcome, "::text");
      if (extra?.error !== undefined) update.set("error", extra.error, "::text");
      if (TERMINAL.includes(status)) update.set("finishedAt", timestampParam(new Date()), "::timestamp(3)");
      // Parking or finishing hands the run back; running renews the lease.
      if (releases) update.sets.push(`"leaseOwner" = NULL`, `"leaseUntil" = NULL`);
      else update.set("leaseUntil", leaseUntil(), "::timestamp(3)");
      // Nothing comes back: the run (its whole transcript) is not sent back and parsed again at every step.
      const count = await touched(`UPDATE "Run" SET ${update.sets.join(", ")} WHERE "id" = ${update.next(runId)}::text RETURNING "id"`, update.params);
      if (count !== 1) throw new Error(`run ${runId} is not on record`);
    },

    async failRun(runId, error) {
      const count = await touched(
        `UPDATE "Run" SET "status" = 'failed', "error" = $2::text, "outcome" = NULL, "finishedAt" = $3::timestamp(3), "leaseOwner" = NULL, "leaseUntil" = NULL WHERE "id" = $1::text RETURNING "id"`,
        [runId, error, timestampParam(new Date())],
      );
      if (count !== 1) throw new Error(`run ${runId} is not on record`);
    },

    async recordCall(call) {
      // Only the id comes back: the record is what was written (no result yet), not read back and mapped.
      const inserted = await touched(
        `INSERT INTO "ToolCall" ("id", "runId", "step", "callId", "tool", "toolId", "tier", "effects", "args", "mode", "fingerprint", "decision", "reason", "status", "createdAt")
         VALUES ($1::text, $2::text, $3::int, $4::text, $5::text, $6::text, $7::text, ARRAY(SELECT jsonb_array_elements_text($8::jsonb)), $9::jsonb, $10::text::"Mode", $11::text, $12::text, $13::text, $14::text, $15::timestamp(3))
         ON CONFLICT ("runId", "callId") DO NOTHING RETURNING "id"`,
        [newRowId(), call.runId, call.step, call.callId, call.tool, call.toolId ?? null, call.tier, JSON.stringify([...call.effects]), JSON.stringify(call.args ?? null), call.mode, call.fingerprint ?? null, call.decision, call.reason, call.status, timestampParam(new Date())],
      );
      if (inserted === 1) {
        const written = { ...call, toolId: call.toolId ?? null, effects: [...call.effects], args: call.args ?? null, result: null, durationMs: null };
        return { record: toCallRecord(written), created: true };
      }
      // One record per (run, call): a retried step finds the first one.
      const row = await prisma.toolCall.findUniqueOrThrow({ where: { runId_callId: { runId: call.runId, callId: call.callId } } });
      return { record: toCallRecord(row), created: false };
    },

    async claimExecution(runId, callId) {
      const count = await touched(`UPDATE "ToolCall" SET "status" = 'executing' WHERE "runId" = $1::text AND "callId" = $2::text AND "status" IN ('pending', 'waiting') RETURNING "id"`, [runId, callId]);
      return count === 1;
    },

    async finishCall(runId, callId, patch) {
      const update = assignments();
      update.set("status", patch.status, "::text");
      if (patch.durationMs !== undefined) update.set("durationMs", patch.durationMs, "::float8");
      if (patch.status === "waiting") {
        // A6: a sub-agent can end (and answer the call) before its parent parks; a call with a result never reopens.
        await sql.query(`UPDATE "ToolCall" SET ${update.sets.join(", ")} WHERE "runId" = ${update.next(runId)}::text AND "callId" = ${update.next(callId)}::text AND "status" IN ('pending', 'executing', 'waiting')`, update.params);
        return;
      }
      if (patch.result !== undefined) update.set("result", JSON.stringify(patch.result), "::jsonb");
      if (patch.reason !== undefined) update.set("reason", patch.reason, "::text");
      update.set("finishedAt", timestampParam(new Date()), "::timestamp(3)");
      // Nothing comes back (the result is not sent back); a call that is not there is still an error.
      const count = await touched(`UPDATE "ToolCall" SET ${update.sets.join(", ")} WHERE "runId" = ${update.next(runId)}::text AND "callId" = ${update.next(callId)}::text RETURNING "id"`, update.params);
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

interface RoomRow {
  id: string; workspaceId: string; mode: RoomSnapshot["mode"]; modeDeclaration: unknown; autonomy: RoomSnapshot["autonomy"]; planShell: boolean;
  worktreePath: string | null; repositoryId: string | null; todos: unknown; modePolicy: unknown;
}

/**
 * S4: room lookups are always scoped to the run's workspace. Read at every turn and
 * tool call (T5: the mode is read where it is used), so it is one raw statement.
 */
export function createPrismaRoomReader(db: Pick<Database, "sql">): RoomReader {
  return {
    async findRoom(workspaceId, roomId): Promise<RoomSnapshot | null> {
      const { rows } = await db.sql.query<RoomRow>(
        `SELECT r."id", r."workspaceId", r."mode"::text AS "mode", r."modeDeclaration", r."autonomy"::text AS "autonomy", r."planShell", r."worktreePath", r."repositoryId", r."todos", w."modePolicy"
         FROM "Room" r JOIN "Workspace" w ON w."id" = r."workspaceId"
         WHERE r."id" = $1::text AND r."workspaceId" = $2::text`,
        [roomId, workspaceId],
      );
      const room = rows[0];
      if (!room) return null;
      const { repositoryId, modePolicy, todos, ...snapshot } = room;
      // H2: the git data comes from the records (repository → mirror, worktree path → its name), never from <wt>/.git.
      return { ...snapshot, policy: parseStoredPolicy(modePolicy), git: worktreeGit(repositoryId, room.worktreePath), todos: readStoredTodos(todos) };
    },
  };
}
