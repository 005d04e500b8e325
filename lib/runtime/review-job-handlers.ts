import "server-only";
/** Jobs of pull-request reviews (R1–R6): webhook intake, gate axes, check runs. Review runs are ordinary "run.advance" jobs. */
import type { Database } from "../db/client";
import type { JobHandler } from "../queue/run-worker";
import type { HandlerOptions } from "./job-handlers";
import { checkRunJob, githubPullJob } from "../github/webhook-schemas";
import { axesJob } from "../reviews/queue-review";
import { recordCheckRun } from "../reviews/record-check-run";
import { runAxes } from "../reviews/run-axes";
import { syncGithubPull } from "../pulls/sync-github-pull";

export function reviewJobHandlers(db: Database, options: HandlerOptions): Record<string, JobHandler> {
  const { prisma } = db;
  return {
    async "review.github_pull"(payload) {
      await syncGithubPull(prisma, githubPullJob.parse(payload));
    },
    async "review.check_run"(payload) {
      await recordCheckRun(prisma, checkRunJob.parse(payload));
    },
    async "review.axes"(payload) {
      await runAxes(prisma, axesJob.parse(payload), options.signal);
    },
  };
}
