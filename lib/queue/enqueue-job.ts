import "server-only";
/**
 * Adds a job to the PostgreSQL-backed queue. With a key, a second enqueue
 * while the first still waits is a no-op (the partial unique index only covers
 * queued jobs), so "resume run X" can be requested from many places at once.
 * Pass the transaction client to enqueue atomically with the rows it is about.
 */
import { z } from "zod";
import type { PrismaClient } from "../db/generated/client";
import { traceCarrier } from "../telemetry/context";
import { declaredJob, defineJob, parseJobPayload, UndeclaredJobError, type JobInput } from "./define-job";
import { jobLaneSql, jobWorkspaceSql } from "./job-scope";

export type { JobInput } from "./define-job";

export const JOBS_CHANNEL = "gatehouse_jobs";

type Sql = Pick<PrismaClient, "$executeRaw">;

/** In-process listeners told of every enqueue (see below); a worker of this process is one. */
const enqueued = new Set<() => void>();

/** Called after each enqueue in this process; returns the unsubscribe. */
export function onJobEnqueued(listener: () => void): () => void {
  enqueued.add(listener);
  return () => enqueued.delete(listener);
}

/**
 * The job's kind must be declared (lib/queue/define-job.ts) and its payload of
 * that declaration's shape; anything else is refused before a row is written.
 * With tracing on, the caller's trace context rides along in the payload
 * (`traceparent`), so the worker's spans join the trace that asked for the job.
 */
export async function enqueueJob(sql: Sql, job: JobInput): Promise<void> {
  const declaration = declaredJob(job.kind);
  if (!declaration) throw new UndeclaredJobError(`Job kind "${String(job.kind)}" is not declared; declare it with defineJob beside its domain.`);
  const payload = { ...parseJobPayload(job.kind, declaration.payload, job.payload), ...traceCarrier() };
  // The workspace and lane are read from the record the payload names (lib/queue/job-scope.ts).
  await sql.$executeRaw`
    WITH p AS (SELECT ${job.kind}::text AS kind, ${JSON.stringify(payload)}::jsonb AS payload)
    INSERT INTO "Job" ("kind", "payload", "key", "runAt", "maxAttempts", "workspaceId", "lane")
    SELECT p.kind, p.payload, ${job.key ?? null}::text, ${job.runAt ?? new Date()}::timestamp(3), ${job.maxAttempts ?? declaration.retry.maxAttempts}::int, ${jobWorkspaceSql}, ${jobLaneSql} FROM p
    ON CONFLICT ("key") WHERE "status" = 'queued' DO NOTHING`;
  // Delivered on commit when called inside a transaction: workers wake at once.
  await sql.$executeRaw`SELECT pg_notify(${JOBS_CHANNEL}, ${job.kind})`;
  // Outside a transaction the row is visible now, so this process's workers need not wait for
  // the NOTIFY; inside one, the wake finds nothing yet and the NOTIFY at commit wakes them again.
  if (!job.runAt || job.runAt.getTime() <= Date.now()) for (const listener of enqueued) listener();
}

/** Advance one run by a turn: the harness lifecycle, the job the worker exists for. */
export const runAdvance = defineJob({ kind: "run.advance", payload: z.object({ runId: z.string().min(1) }), retry: { maxAttempts: 5 } });

/** The job that advances a run; one key per run so duplicate wake-ups collapse. */
export function advanceRunJob(runId: string, runAt?: Date): JobInput<"run.advance"> {
  return runAdvance.job({ runId }, { key: `run:${runId}`, runAt });
}
