import "server-only";
/** What the worker does for each kind of job. */
import type { Database } from "../db/client";
import { orchestrationJobHandlers } from "./orchestration-job-handlers";
import { onRunSettled } from "../orchestration/on-run-settled";
import { RetryLater, type JobHandler } from "../queue/run-worker";
import { reviewJobHandlers } from "./review-job-handlers";
import { advanceStoredRun } from "./advance-stored-run";

export interface HandlerOptions {
  owner: string;
  signal?: AbortSignal;
  /** how long a run's lease lasts; a crashed worker's run is taken over after it */
  runLeaseMs?: number;
}

export function jobHandlers(db: Database, options: HandlerOptions): Record<string, JobHandler> {
  const { owner, signal, runLeaseMs } = options;
  return {
    ...orchestrationJobHandlers(db),
    ...reviewJobHandlers(db, options),
    async "run.advance"(payload) {
      const runId = String(payload.runId);
      const result = await advanceStoredRun(db, runId, { owner, signal, leaseMs: runLeaseMs });
      await onRunSettled(db, runId);
      // Another worker holds the run's lease: try again shortly rather than fail.
      if (result && !result.claimed && !["succeeded", "failed", "cancelled", "waiting"].includes(result.status)) {
        throw new RetryLater(1_000, `run ${runId} is leased by another worker`);
      }
    },
  };
}
