import "server-only";
/**
 * The worker that executes Gatehouse's jobs, configured from the environment —
 * one definition for the worker inside the web process and for `npm run worker`.
 */
import { env } from "../config/env";
import type { Database } from "../db/client";
import { leaseMs } from "../queue/lease";
import { startWorker, type RunningWorker } from "../queue/run-worker";
import { jobHandlers } from "./job-handlers";
import { watchVerdicts } from "./watch-verdicts";

export interface AgentWorker {
  worker: RunningWorker;
  /** aborts running tools and model calls, then waits for jobs in flight */
  stop(): Promise<void>;
}

export async function startAgentWorker(db: Database, id: string, log: (message: string) => void): Promise<AgentWorker> {
  const controller = new AbortController();
  const lease = leaseMs();
  const worker = await startWorker({
    db,
    workerId: id,
    concurrency: env().GATEHOUSE_WORKER_CONCURRENCY,
    reviewSlots: env().GATEHOUSE_WORKER_REVIEW_SLOTS,
    leaseMs: lease,
    // A run's lease outlives its job's, so a live run is never taken over between two jobs.
    handlers: jobHandlers(db, { owner: id, signal: controller.signal, runLeaseMs: lease * 2 }),
    onError: (error, job) => log(`job ${job.kind} #${job.id} failed: ${(error as Error).message}`),
  });
  // O7: a verdict a person's action re-formed wakes the ticket waiting on it.
  const stopWatching = await watchVerdicts(db);
  return {
    worker,
    async stop() {
      controller.abort();
      await worker.stop();
      await stopWatching();
    },
  };
}
