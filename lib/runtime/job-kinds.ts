/**
 * Every kind of job the worker runs. Each is declared beside its domain
 * (defineJob: kind, payload schema, retry policy); this list is what the
 * worker has a handler for. The worker parses each stored payload against its
 * kind's schema before a domain function sees it, so a payload of the wrong
 * shape fails its job with the schema's message.
 */
import type { z } from "zod";
import { checkRunJobKind, githubPullJobKind } from "../github/webhook-schemas";
import { publishPullJob } from "../github/request-publish";
import { orchestrationTick } from "../orchestration/tick-job";
import { axesJobKind } from "../reviews/queue-review";
import { ticketDeliver } from "../orchestration/deliver-job";
import { runAdvance } from "../queue/enqueue-job";

const DECLARATIONS = [runAdvance, orchestrationTick, ticketDeliver, githubPullJobKind, checkRunJobKind, axesJobKind, publishPullJob] as const;

type Declared = (typeof DECLARATIONS)[number];
export type JobKind = Declared["kind"];

/** Each kind's payload schema, by kind. */
export const JOB_KINDS = Object.fromEntries(DECLARATIONS.map((d) => [d.kind, d.payload])) as { [D in Declared as D["kind"]]: D["payload"] };

export type JobPayload<K extends JobKind> = z.infer<(typeof JOB_KINDS)[K]>;
