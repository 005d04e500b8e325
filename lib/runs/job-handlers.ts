import "server-only";
/** What the worker does for each kind of job. */
import type { Database } from "../db/client";
import { RetryLater, type JobHandler } from "../queue/run-worker";
import { advanceStoredRun } from "./advance-stored-run";

export function jobHandlers(db: Database, owner: string, signal?: AbortSignal): Record<string, JobHandler> {
  return {
    async "run.advance"(payload) {
      const runId = String(payload.runId);
      const result = await advanceStoredRun(db, runId, { owner, signal });
      // Another worker holds the run's lease: try again shortly rather than fail.
      if (result && !result.claimed && !["succeeded", "failed", "cancelled", "waiting"].includes(result.status)) {
        throw new RetryLater(1_000, `run ${runId} is leased by another worker`);
      }
    },
  };
}
