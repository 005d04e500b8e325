import "server-only";
/** What the worker does for each kind of job (lib/runtime/job-kinds.ts lists them with their payloads). */
import { isTerminalRunStatus } from "../run-status/run-status";
import type { Database } from "../db/client";
import { ORCHESTRATION_TICK } from "../orchestration/tick-job";
import { tickOrchestration } from "../orchestration/tick-orchestration";
import { syncGithubPull } from "../pulls/sync-github-pull";
import { RetryLater, type JobHandler } from "../queue/run-worker";
import { recordCheckRun } from "../reviews/record-check-run";
import { runAxes } from "../reviews/run-axes";
import { advanceStoredRun } from "./advance-stored-run";
import { env } from "../config/env";
import { PUBLISH_JOB } from "../github/request-publish";
import { publishPull } from "../publish/publish-pull";
import { deliverTicket } from "./deliver-ticket";
import { TICKET_DELIVER } from "../orchestration/deliver-job";
import { wakeTicketsForHead, wakeTicketsForRun } from "../orchestration/wake-tickets";
import { recordPublishGaveUp } from "../publish/record-publish-gave-up";
import { scrubForLog } from "../github/scrub-for-log";
import type { ClaimedJob } from "../queue/claim-job";
import { JOB_KINDS, type JobKind, type JobPayload } from "./job-kinds";

export interface HandlerOptions {
  owner: string;
  signal?: AbortSignal;
  /** how long a run's lease lasts; a crashed worker's run is taken over after it */
  runLeaseMs?: number;
}

type TypedHandlers = { [K in JobKind]: (payload: JobPayload<K>, job: ClaimedJob) => Promise<void> };

export function jobHandlers(db: Database, options: HandlerOptions): Record<string, JobHandler> {
  const { prisma } = db;
  const { owner, signal, runLeaseMs } = options;
  const handlers: TypedHandlers = {
    async "run.advance"({ runId }) {
      // T5: the run-settled hooks (parent, ticket, pipeline) run inside the lifecycle, for every transport.
      const result = await advanceStoredRun(db, runId, { owner, signal, leaseMs: runLeaseMs });
      // O7: a review run that published a verdict on a ticket's pull request wakes the ticket's pipeline.
      await wakeTicketsForRun(prisma, runId);
      // Another worker holds the run's lease: try again shortly rather than fail.
      if (result && !result.claimed && !isTerminalRunStatus(result.status) && result.status !== "waiting") {
        throw new RetryLater(1_000, `run ${runId} is leased by another worker`);
      }
    },
    async [ORCHESTRATION_TICK]({ orchestrationId }) {
      await tickOrchestration(prisma, orchestrationId);
    },
    async [TICKET_DELIVER]({ ticketId }) {
      await deliverTicket(db, ticketId);
    },
    async "review.github_pull"(job) {
      await syncGithubPull(prisma, job);
    },
    async "review.check_run"(job) {
      await recordCheckRun(prisma, job);
    },
    async "review.axes"(job) {
      await runAxes(prisma, job, signal);
      // O7: gates can change a verdict; a ticket waiting on this head looks again.
      await wakeTicketsForHead(prisma, job);
    },
    async [PUBLISH_JOB](job, claimed) {
      try {
        const config = env();
        await publishPull(prisma, job, {
          maxAttempts: config.GATEHOUSE_GITHUB_PUBLISH_ATTEMPTS,
          retryBaseMs: config.GATEHOUSE_GITHUB_RETRY_MS,
          origin: config.NEXTAUTH_URL?.replace(/\/+$/, "") ?? null,
        });
      } catch (error) {
        if (error instanceof RetryLater) throw error;
        // R12: on the queue's last try the room must not stay "pending"; the job still fails, with a scrubbed error.
        if (claimed.attempts >= claimed.maxAttempts) await recordPublishGaveUp(prisma, job.pullRequestId, error, claimed.attempts);
        throw new Error(scrubForLog(error instanceof Error ? error.message : String(error)));
      }
    },
  };
  return Object.fromEntries(
    (Object.keys(handlers) as JobKind[]).map((kind) => {
      const handle = handlers[kind] as (payload: unknown, job: ClaimedJob) => Promise<void>;
      return [kind, (payload: Record<string, unknown>, job: ClaimedJob) => handle(JOB_KINDS[kind].parse(payload), job)];
    }),
  );
}
