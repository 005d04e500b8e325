import "server-only";
/**
 * Adds a job to the PostgreSQL-backed queue. With a key, a second enqueue
 * while the first still waits is a no-op (the partial unique index only covers
 * queued jobs), so "resume run X" can be requested from many places at once.
 * Pass the transaction client to enqueue atomically with the rows it is about.
 */
import type { PrismaClient } from "../db/generated/client";
import { jobLaneSql, jobWorkspaceSql } from "./job-scope";

export const JOBS_CHANNEL = "gatehouse_jobs";

type Sql = Pick<PrismaClient, "$executeRaw">;

export interface JobInput {
  kind: string;
  payload: Record<string, unknown>;
  key?: string;
  /** run no earlier than this */
  runAt?: Date;
  maxAttempts?: number;
}

/** In-process listeners told of every enqueue (see below); a worker of this process is one. */
const enqueued = new Set<() => void>();

/** Called after each enqueue in this process; returns the unsubscribe. */
export function onJobEnqueued(listener: () => void): () => void {
  enqueued.add(listener);
  return () => enqueued.delete(listener);
}

export async function enqueueJob(sql: Sql, job: JobInput): Promise<void> {
  // The workspace and lane are read from the record the payload names (lib/queue/job-scope.ts).
  await sql.$executeRaw`
    WITH p AS (SELECT ${job.kind}::text AS kind, ${JSON.stringify(job.payload)}::jsonb AS payload)
    INSERT INTO "Job" ("kind", "payload", "key", "runAt", "maxAttempts", "workspaceId", "lane")
    SELECT p.kind, p.payload, ${job.key ?? null}::text, ${job.runAt ?? new Date()}::timestamp(3), ${job.maxAttempts ?? 3}::int, ${jobWorkspaceSql}, ${jobLaneSql} FROM p
    ON CONFLICT ("key") WHERE "status" = 'queued' DO NOTHING`;
  // Delivered on commit when called inside a transaction: workers wake at once.
  await sql.$executeRaw`SELECT pg_notify(${JOBS_CHANNEL}, ${job.kind})`;
  // Outside a transaction the row is visible now, so this process's workers need not wait for
  // the NOTIFY; inside one, the wake finds nothing yet and the NOTIFY at commit wakes them again.
  if (!job.runAt || job.runAt.getTime() <= Date.now()) for (const listener of enqueued) listener();
}

/** The job that advances a run; one key per run so duplicate wake-ups collapse. */
export function advanceRunJob(runId: string, runAt?: Date): JobInput {
  return { kind: "run.advance", payload: { runId }, key: `run:${runId}`, runAt, maxAttempts: 5 };
}
