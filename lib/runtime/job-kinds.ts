/**
 * Every kind of job the worker runs, each with the zod schema of its payload.
 * Producers (lib/queue/enqueue-job.ts, the webhook intake, queueAxes, the
 * orchestration tick) write payloads of these shapes; the worker parses each
 * stored payload against its kind's schema before a domain function sees it,
 * so a payload of the wrong shape fails its job with the schema's message.
 */
import { z } from "zod";
import { checkRunJob, githubPullJob } from "../github/webhook-schemas";
import { PUBLISH_JOB, publishJob } from "../github/request-publish";
import { ORCHESTRATION_TICK } from "../orchestration/tick-job";
import { axesJob } from "../reviews/queue-review";
import { TICKET_DELIVER, ticketDeliverPayload } from "../orchestration/deliver-job";

export const JOB_KINDS = {
  /** advance one run by a turn (lib/queue/enqueue-job.ts advanceRunJob) */
  "run.advance": z.object({ runId: z.string().min(1) }),
  /** P3: move an orchestration forward */
  [ORCHESTRATION_TICK]: z.object({ orchestrationId: z.string().min(1) }),
  /** O7: open a finished code ticket's work as a pull request (or finish it with "no changes") */
  [TICKET_DELIVER]: ticketDeliverPayload,
  /** R9: a verified pull_request delivery, one per connected repository */
  "review.github_pull": githubPullJob,
  /** R8: a completed check run, recorded against the head it names */
  "review.check_run": checkRunJob,
  /** R5: run a repository's declared axes at a head */
  "review.axes": axesJob,
  /** R12: publish a pull request's verdict (check run) and findings (review comments) to GitHub */
  [PUBLISH_JOB]: publishJob,
} satisfies Record<string, z.ZodType<Record<string, unknown>>>;

export type JobKind = keyof typeof JOB_KINDS;
export type JobPayload<K extends JobKind> = z.infer<(typeof JOB_KINDS)[K]>;
