import "server-only";
/** What the worker does for each kind of job. */
import type { Database } from "../db/client";
import { RetryLater, type JobHandler } from "../queue/run-worker";
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
    async "run.advance"(payload) {
      const runId = String(payload.runId);
      const result = await advanceStoredRun(db, runId, { owner, signal, leaseMs: runLeaseMs });
      // Another worker holds the run's lease: try again shortly rather than fail.
      if (result && !result.claimed && !["succeeded", "failed", "cancelled", "waiting"].includes(result.status)) {
        throw new RetryLater(1_000, `run ${runId} is leased by another worker`);
      }
    },
  };
}
