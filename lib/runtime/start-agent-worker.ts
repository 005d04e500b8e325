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
import { hostAffinity } from "../hosts/claim-affinity";
import { startHeartbeat } from "../hosts/heartbeat";
import { hostDeadMs, thisHostId } from "../hosts/this-host";

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
    // Issue 24: a job that needs a worktree is claimed by the worktree's host while it lives.
    claimFilter: () => hostAffinity(thisHostId(), hostDeadMs()),
  });
  const stopHeartbeat = await startHeartbeat(db.prisma, () => worker.running(), log);
  // O7: a verdict a person's action re-formed wakes the ticket waiting on it.
  const stopWatching = await watchVerdicts(db);
  return {
    worker,
    async stop() {
      controller.abort();
      await worker.stop();
      stopHeartbeat();
      await stopWatching();
    },
  };
}
