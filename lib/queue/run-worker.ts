import "server-only";
/**
 * A worker: claims jobs, runs their handler, keeps the lease alive while it
 * works, and wakes on NOTIFY instead of polling hard. Several workers in
 * several processes can share one PostgreSQL queue.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { claimJob, completeJob, renewJob, requeueJob, type ClaimedJob } from "./claim-job";
import { JOBS_CHANNEL, onJobEnqueued } from "./enqueue-job";
import { nextDueInMs } from "./next-due";
import { REVIEW_LANE, type JobLane } from "./job-scope";
import { contextFromCarrier, withSpan } from "../telemetry/context";

/** A handler's way to say "not now" without it counting as a failure. */
export class RetryLater extends Error {
  constructor(readonly delayMs: number, reason: string) {
    super(reason);
  }
}

/** A due job another worker is claiming right now is not worth a busy loop. */
const MIN_SLEEP_MS = 10;

export type JobHandler = (payload: Record<string, unknown>, job: ClaimedJob) => Promise<void>;

export interface WorkerOptions {
  db: Database;
  handlers: Record<string, JobHandler>;
  workerId?: string;
  /** jobs of any lane at once (default 4) */
  concurrency?: number;
  /**
   * Slots beyond `concurrency` that only review work may take (default 1): with
   * every general slot held by long agent runs, a pull request is still reviewed.
   */
  reviewSlots?: number;
  leaseMs?: number;
  /** safety-net poll when no NOTIFY arrives (delayed jobs, expired leases) */
  pollMs?: number;
  onError?: (error: unknown, job: ClaimedJob) => void;
  /** a further condition on which jobs this worker claims (issue 24: host affinity), read at every claim */
  claimFilter?: () => Prisma.Sql;
}

export interface RunningWorker {
  id: string;
  /**
   * Jobs claimed so far, and how many of them were found only by the safety-net
   * poll rather than a wake-up or a delayed job's due time (each one found late).
   */
  stats(): { claims: number; claimsAfterPoll: number };
  /** jobs running now */
  running(): number;
  /** stops claiming, waits for jobs in flight */
  stop(): Promise<void>;
}

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const id = options.workerId ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 4;
  const reviewSlots = options.reviewSlots ?? 1;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 1_000;
  const { prisma } = options.db;
  /** The jobs this worker is running, by id: the claim never takes one of them back as an orphan. */
  const inFlight = new Map<bigint, Promise<void>>();
  let generalInFlight = 0;
  /** Lanes a free slot may take now: any while a general slot is free, else review work alone (null: none). */
  const claimable = (): { lanes?: readonly JobLane[] } | null =>
    inFlight.size >= concurrency + reviewSlots ? null : generalInFlight < concurrency ? {} : { lanes: [REVIEW_LANE] };
  let stopped = false;
  let wake: (() => void) | null = null;
  // A wake-up that arrives while the loop is claiming (not sleeping) is kept, not lost:
  // the next sleep returns at once. Without it a NOTIFY landing between an empty claim
  // and the sleep left a runnable step waiting for the safety-net poll (the p99 of S2's bench).
  let woken = false;
  let claims = 0;
  let claimsAfterPoll = 0;
  let polled = false;
  const signal = () => {
    woken = true;
    wake?.();
  };
  const unlisten = await options.db.listen(JOBS_CHANNEL, signal);
  // Jobs enqueued by this process outside a transaction wake it without the NOTIFY round trip.
  const unsubscribe = onJobEnqueued(signal);

  async function runJob(job: ClaimedJob) {
    const heartbeat = setInterval(() => void renewJob(prisma, job.id, id, leaseMs).catch(() => undefined), leaseMs / 3);
    try {
      const handler = options.handlers[job.kind];
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      // A job continues the trace of whatever queued it (the webhook delivery, the run that asked for a publish).
      await withSpan(`process ${job.kind}`, { "messaging.system": "gatehouse", "messaging.operation.type": "process", "messaging.destination.name": job.kind, "gatehouse.job.id": job.id.toString() }, () => handler(job.payload, job), contextFromCarrier(job.payload));
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
      const slot = claimable();
      if (slot) {
        const job = await claimJob(prisma, id, leaseMs, { ...slot, only: options.claimFilter?.(), running: [...inFlight.keys()] }).catch((error) => {
          if (!stopped) console.error("[gatehouse] claiming a job failed", error);
          return null;
        });
        if (job) {
          claims++;
          if (polled) claimsAfterPoll++;
          polled = false;
          // A review job in a general slot still counts as general work: the reserve stays free for the next review.
          const general = job.lane !== REVIEW_LANE || generalInFlight < concurrency;
          if (general) generalInFlight++;
          const running = runJob(job).finally(() => {
            // A requeued job can be claimed again under its id before this runs: remove only this run.
            if (inFlight.get(job.id) === running) inFlight.delete(job.id);
            if (general) generalInFlight--;
            signal();
          });
          inFlight.set(job.id, running);
          continue;
        }
      }
      polled = false;
      if (woken) {
        woken = false;
        continue;
      }
      // Sleep until the next delayed job is due (a RetryLater, a backoff), never past the poll.
      const free = claimable();
      const due = free ? await nextDueInMs(prisma, free.lanes).catch(() => null) : null;
      if (woken) continue;
      const sleep = due === null ? pollMs : Math.max(MIN_SLEEP_MS, Math.min(pollMs, due));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          wake = null;
          polled = sleep === pollMs;
          resolve();
        }, sleep);
        wake = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
      });
      woken = false;
    }
  })();

  return {
    id,
    stats: () => ({ claims, claimsAfterPoll }),
    running: () => inFlight.size,
    async stop() {
      stopped = true;
      signal();
      await loop;
      await Promise.allSettled([...inFlight.values()]);
      unsubscribe();
      await unlisten();
    },
  };
}
