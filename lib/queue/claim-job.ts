import "server-only";
/**
 * Claims one runnable job with FOR UPDATE SKIP LOCKED, so any number of worker
 * processes share the queue without two taking the same job. A job whose
 * worker died (lease expired while running) becomes claimable again.
 */
import { Prisma, type PrismaClient } from "../db/generated/client";
import type { JobLane } from "./job-scope";

export interface ClaimedJob {
  id: bigint;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  /** the lane it was queued in (lib/queue/job-scope.ts) */
  lane: JobLane;
}

type Sql = Pick<PrismaClient, "$queryRaw" | "$executeRaw">;

export interface ClaimOptions {
  /** claim only jobs of these lanes (a worker's reserved review capacity); any lane when absent */
  lanes?: readonly JobLane[];
  /** a further condition on the job row `j` (issue 24: host affinity, lib/hosts/claim-affinity.ts) */
  only?: Prisma.Sql;
  /**
   * Jobs the claiming worker is running right now. Their leases may have run out while its event
   * loop stalled (a busy machine, a short lease), but they are not orphans: reclaiming one would run
   * the same job twice side by side in one process.
   */
  running?: readonly bigint[];
}

/**
 * Fair share across workspaces: of the due jobs, the one whose workspace has
 * the fewest jobs running right now (in every worker, by the live leases),
 * then the oldest. A workspace flooding the queue with long work takes turns
 * with the others instead of holding every slot until its backlog is done;
 * a workspace's many rooms and runs count as one party, however it queued them.
 */
export async function claimJob(sql: Sql, workerId: string, leaseMs: number, options: ClaimOptions = {}): Promise<ClaimedJob | null> {
  const lease = `${Math.ceil(leaseMs)} milliseconds`;
  const lanes = options.lanes ? [...options.lanes] : null;
  const laneFilter = Prisma.sql`${lanes ? Prisma.sql`AND j."lane" = ANY(${lanes}::text[])` : Prisma.empty} ${options.only ? Prisma.sql`AND ${options.only}` : Prisma.empty}`;
  const queued = await sql.$queryRaw<ClaimedJob[]>`
    UPDATE "Job" SET "status" = 'running', "lockedBy" = ${workerId}, "lockedUntil" = now() + ${lease}::interval, "attempts" = "attempts" + 1
    WHERE "id" = (
      SELECT j."id" FROM "Job" j
      LEFT JOIN (SELECT "workspaceId", count(*) AS running FROM "Job" WHERE "status" = 'running' AND "lockedUntil" >= now() GROUP BY "workspaceId") busy
        ON busy."workspaceId" IS NOT DISTINCT FROM j."workspaceId"
      WHERE j."status" = 'queued' AND j."runAt" <= now() ${laneFilter}
      ORDER BY COALESCE(busy.running, 0), j."runAt", j."id" FOR UPDATE OF j SKIP LOCKED LIMIT 1)
    RETURNING "id", "kind", "payload", "attempts", "maxAttempts", "lane"`;
  if (queued[0]) return queued[0];
  const notRunning = options.running?.length ? Prisma.sql`AND NOT (j."id" = ANY(${options.running.map(String)}::bigint[]))` : Prisma.empty;
  const orphaned = await sql.$queryRaw<ClaimedJob[]>`
    UPDATE "Job" SET "lockedBy" = ${workerId}, "lockedUntil" = now() + ${lease}::interval, "attempts" = "attempts" + 1
    WHERE "id" = (
      SELECT j."id" FROM "Job" j WHERE j."status" = 'running' AND j."lockedUntil" < now() ${laneFilter} ${notRunning}
      ORDER BY j."lockedUntil", j."id" FOR UPDATE SKIP LOCKED LIMIT 1)
    RETURNING "id", "kind", "payload", "attempts", "maxAttempts", "lane"`;
  return orphaned[0] ?? null;
}

/** Extends the lease of a job this worker still holds. */
export async function renewJob(sql: Sql, id: bigint, workerId: string, leaseMs: number): Promise<boolean> {
  const lease = `${Math.ceil(leaseMs)} milliseconds`;
  const count = await sql.$executeRaw`
    UPDATE "Job" SET "lockedUntil" = now() + ${lease}::interval WHERE "id" = ${id} AND "lockedBy" = ${workerId} AND "status" = 'running'`;
  return count === 1;
}

export async function completeJob(sql: Sql, id: bigint, workerId: string): Promise<void> {
  await sql.$executeRaw`
    UPDATE "Job" SET "status" = 'done', "finishedAt" = now(), "lockedBy" = NULL, "lockedUntil" = NULL
    WHERE "id" = ${id} AND "lockedBy" = ${workerId}`;
}

/**
 * Puts a job back in the queue (a retry after an error, or "try again shortly"
 * when its run is leased elsewhere). If an identical job is already queued the
 * retry is redundant and this one is closed instead.
 */
export async function requeueJob(
  sql: Sql,
  job: ClaimedJob,
  workerId: string,
  options: { delayMs: number; error?: string; countAttempt: boolean },
): Promise<"queued" | "failed" | "superseded"> {
  const exhausted = options.countAttempt && job.attempts >= job.maxAttempts;
  if (exhausted) {
    await sql.$executeRaw`
      UPDATE "Job" SET "status" = 'failed', "finishedAt" = now(), "lastError" = ${options.error ?? null}, "lockedBy" = NULL, "lockedUntil" = NULL
      WHERE "id" = ${job.id} AND "lockedBy" = ${workerId}`;
    return "failed";
  }
  const delay = `${Math.ceil(options.delayMs)} milliseconds`;
  try {
    await sql.$executeRaw`
      UPDATE "Job" SET "status" = 'queued', "runAt" = now() + ${delay}::interval, "lastError" = ${options.error ?? null},
        "attempts" = "attempts" - ${options.countAttempt ? 0 : 1}, "lockedBy" = NULL, "lockedUntil" = NULL
      WHERE "id" = ${job.id} AND "lockedBy" = ${workerId}`;
    return "queued";
  } catch (error) {
    if (!String((error as Error).message).includes("Job_key_queued_key") && (error as { code?: string }).code !== "P2010") throw error;
    await completeJob(sql, job.id, workerId);
    return "superseded";
  }
}
