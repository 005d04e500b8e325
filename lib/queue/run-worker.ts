import "server-only";
/**
 * A worker: claims jobs, runs their handler, keeps the lease alive while it
 * works, and wakes on NOTIFY instead of polling hard. Several workers in
 * several processes can share one PostgreSQL queue.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../db/client";
import { claimJob, completeJob, renewJob, requeueJob, type ClaimedJob } from "./claim-job";
import { JOBS_CHANNEL } from "./enqueue-job";

/** A handler's way to say "not now" without it counting as a failure. */
export class RetryLater extends Error {
  constructor(readonly delayMs: number, reason: string) {
    super(reason);
  }
}

export type JobHandler = (payload: Record<string, unknown>, job: ClaimedJob) => Promise<void>;

export interface WorkerOptions {
  db: Database;
  handlers: Record<string, JobHandler>;
  workerId?: string;
  concurrency?: number;
  leaseMs?: number;
  /** safety-net poll when no NOTIFY arrives (delayed jobs, expired leases) */
  pollMs?: number;
  onError?: (error: unknown, job: ClaimedJob) => void;
}

export interface RunningWorker {
  id: string;
  /** stops claiming, waits for jobs in flight */
  stop(): Promise<void>;
}

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const id = options.workerId ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 1_000;
  const { prisma } = options.db;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let wake: (() => void) | null = null;
  const unlisten = await options.db.listen(JOBS_CHANNEL, () => wake?.());

  async function runJob(job: ClaimedJob) {
    const heartbeat = setInterval(() => void renewJob(prisma, job.id, id, leaseMs).catch(() => undefined), leaseMs / 3);
    try {
      const handler = options.handlers[job.kind];
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler(job.payload, job);
      await completeJob(prisma, job.id, id);
    } catch (error) {
      if (error instanceof RetryLater) {
        await requeueJob(prisma, job, id, { delayMs: error.delayMs, countAttempt: false });
      } else {
        options.onError?.(error, job);
        const backoff = Math.min(30_000, 500 * 2 ** job.attempts);
        await requeueJob(prisma, job, id, { delayMs: backoff, countAttempt: true, error: String((error as Error)?.message ?? error) });
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  const loop = (async () => {
    while (!stopped) {
      if (inFlight.size < concurrency) {
        const job = await claimJob(prisma, id, leaseMs).catch((error) => {
          if (!stopped) console.error("[gatehouse] claiming a job failed", error);
          return null;
        });
        if (job) {
          const running = runJob(job).finally(() => {
            inFlight.delete(running);
            wake?.();
          });
          inFlight.add(running);
          continue;
        }
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
      });
    }
  })();

  return {
    id,
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await Promise.allSettled([...inFlight]);
      await unlisten();
    },
  };
}
