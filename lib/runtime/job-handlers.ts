import "server-only";
/**
 * What the worker does for each kind of job (lib/runtime/job-kinds.ts lists them with their payloads).
 * Each kind's code is imported with its first job, not when the worker starts: an idle server
 * (the in-process worker included) does not hold the harness, the model SDKs, Octokit and the
 * review code until a job needs them.
 */
import { isTerminalRunStatus } from "../run-status/run-status";
import type { Database } from "../db/client";
import { ORCHESTRATION_TICK } from "../orchestration/tick-job";
import { RetryLater, type JobHandler } from "../queue/run-worker";
import { env } from "../config/env";
import { PUBLISH_JOB } from "../github/request-publish";
import { TICKET_DELIVER } from "../orchestration/deliver-job";
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
      // Issue 24: the run's worktree is rebuilt here from its refs when its host died; a live host keeps it.
      const [{ placeRunRoom }, { advanceStoredRun }, { wakeTicketsForRun }] = await Promise.all([import("../hosts/adopt-room"), import("./advance-stored-run"), import("../orchestration/wake-tickets")]);
      if ((await placeRunRoom(prisma, runId)) === "elsewhere") throw new RetryLater(1_000, `run ${runId}'s worktree is on another live host`);
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
      const { tickOrchestration } = await import("../orchestration/tick-orchestration");
      await tickOrchestration(prisma, orchestrationId);
    },
    async [TICKET_DELIVER]({ ticketId }) {
      const [{ placeTicketRoom }, { deliverTicket }] = await Promise.all([import("../hosts/adopt-room"), import("./deliver-ticket")]);
      if ((await placeTicketRoom(prisma, ticketId)) === "elsewhere") throw new RetryLater(1_000, `ticket ${ticketId}'s worktree is on another live host`);
      await deliverTicket(db, ticketId);
    },
    async "review.github_pull"(job) {
      const { syncGithubPull } = await import("../pulls/sync-github-pull");
      await syncGithubPull(prisma, job);
    },
    async "review.check_run"(job) {
      const { recordCheckRun } = await import("../reviews/record-check-run");
      await recordCheckRun(prisma, job);
    },
    async "review.axes"(job) {
      const [{ runAxes }, { wakeTicketsForHead }] = await Promise.all([import("../reviews/run-axes"), import("../orchestration/wake-tickets")]);
      await runAxes(prisma, job, signal);
      // O7: gates can change a verdict; a ticket waiting on this head looks again.
      await wakeTicketsForHead(prisma, job);
    },
    async [PUBLISH_JOB](job, claimed) {
      const { publishPull } = await import("../publish/publish-pull");
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
        if (claimed.attempts >= claimed.maxAttempts) await (await import("../publish/record-publish-gave-up")).recordPublishGaveUp(prisma, job.pullRequestId, error, claimed.attempts);
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
