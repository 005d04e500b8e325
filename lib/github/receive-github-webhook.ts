import "server-only";
/**
 * R9: a GitHub webhook delivery. Answers fast and only queues work:
 *
 * 1. The signature (X-Hub-Signature-256 over the RAW body) is checked against
 *    the secret of every repository connected under the payload's
 *    `repository.full_name`. Several workspaces may connect the same GitHub
 *    repository; a delivery counts only for those whose secret verifies it.
 *    No verifying secret (or no signature, or a body that cannot be read) is a
 *    401, and nothing is written.
 *    JSON and form-encoded (`payload=<json>`) deliveries both verify over the
 *    raw body (R9).
 * 2. Repeated deliveries (the same X-GitHub-Delivery id, e.g. GitHub's
 *    redelivery, or a replay) are ignored per receiving registration (R9: one
 *    delivery id is shared by every webhook subscribed to the event, so a
 *    second workspace's copy is not a duplicate): the WebhookDelivery insert
 *    of (id, repository) uses ON CONFLICT DO NOTHING, so of any number of
 *    concurrent copies exactly one inserts and queues, in the same transaction.
 * 3. pull_request (opened, reopened, synchronize, ready_for_review, edited,
 *    closed) records what the delivery says about the pull request when it is
 *    GitHub's newest state by GitHub's clock (record-pull-snapshot.ts, in this
 *    transaction) and queues "review.github_pull", one per pull request while
 *    queued: the job makes the pull request match the newest state, so any
 *    number of deliveries, in any order, end where GitHub is. check_run (completed) queues
 *    "review.check_run". `ping` (also an organisation's, which names no
 *    repository) and `installation*` events are acknowledged with 2xx and write
 *    nothing; everything else is acknowledged and ignored.
 */
import type { z } from "zod";
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { whereSetterHolds } from "../grants/setter-authority";
import { enqueueJob, type JobInput } from "../queue/enqueue-job";
import { withSpan } from "../telemetry/context";
import { recordPullSnapshot, reportFromJob } from "./record-pull-snapshot";
import { GATEHOUSE_CHECK_NAME } from "./request-publish";
import { verifySignature } from "./verify-signature";
import {
  checkRunJobKind,
  deliveryId as deliveryIdSchema,
  githubPullJobKind,
  githubCheckRunEvent,
  githubEnvelope,
  githubPullRequestEvent,
  HANDLED_PULL_ACTIONS,
  type CheckRunJob,
  type GithubPullJob,
} from "./webhook-schemas";

export interface IncomingDelivery {
  event: string | null;
  /** Content-Type: JSON, or application/x-www-form-urlencoded with the JSON in `payload` */
  contentType?: string | null;
  deliveryId: string | null;
  signature: string | null;
  /** the exact bytes received */
  body: Uint8Array;
}

export interface WebhookAnswer {
  status: "queued" | "duplicate" | "ignored";
  detail: string;
  /** repositories (in any workspace) the delivery was queued for */
  repositories?: number;
}

const unauthorized = () => new AppError("unauthorized", "The signature does not verify against the webhook secret of any connected repository.");

/** Events GitHub sends to every webhook or app that need only an answer (R9). */
const ACKNOWLEDGED = /^(ping|installation|installation_repositories|installation_target|github_app_authorization)$/;

/** Traces: a delivery starts the trace its jobs (sync, review run, publish) continue. */
export function receiveGithubWebhook(prisma: PrismaClient, delivery: IncomingDelivery): Promise<WebhookAnswer> {
  const attributes = { "gatehouse.webhook.event": delivery.event ?? "", ...(delivery.deliveryId ? { "gatehouse.webhook.delivery": String(delivery.deliveryId).slice(0, 80) } : {}) };
  return withSpan(`webhook ${delivery.event ?? "unknown"}`, attributes, async (span) => {
    const answer = await receive(prisma, delivery);
    span?.setAttribute("gatehouse.webhook.status", answer.status);
    return answer;
  });
}

async function receive(prisma: PrismaClient, delivery: IncomingDelivery): Promise<WebhookAnswer> {
  const event = delivery.event ?? "";
  // Nothing is written for these, so answering needs no secret (an organisation's ping names no repository to find one by).
  if (ACKNOWLEDGED.test(event)) return { status: "ignored", detail: `GitHub event "${event}" acknowledged; it needs nothing from Gatehouse.` };
  if (!delivery.signature) throw new AppError("unauthorized", "The X-Hub-Signature-256 header is missing.");
  const payload = parseBody(delivery.body, delivery.contentType ?? null);
  const envelope = githubEnvelope.safeParse(payload);
  if (!envelope.success) throw unauthorized();
  const registered = await prisma.repository.findMany({
    where: { githubFullName: { equals: envelope.data.repository.full_name, mode: "insensitive" }, webhookSecret: { not: null } },
    select: { id: true, workspaceId: true, webhookSecret: true, webhookSecretSetById: true },
  });
  // H3: a secret counts only while the person who set it may manage its workspace; they still know it.
  const candidates = await whereSetterHolds(prisma, registered.map((r) => ({ ...r, setById: r.webhookSecretSetById })));
  const verified = candidates.filter((r) => verifySignature(delivery.body, delivery.signature, r.webhookSecret!)).map((r) => r.id);
  if (verified.length === 0) throw unauthorized();

  const jobs = jobsFor(delivery.event ?? "", payload, verified);
  if ("ignored" in jobs) return { status: "ignored", detail: jobs.ignored };
  const id = deliveryIdSchema.safeParse(delivery.deliveryId);
  if (!id.success) throw new AppError("bad_request", "The X-GitHub-Delivery header is missing or malformed; it is how repeated deliveries are recognised.");

  return prisma.$transaction(async (tx) => {
    let queued = 0;
    for (const repositoryId of verified) {
      const inserted = await tx.$executeRaw`
        INSERT INTO "WebhookDelivery" ("id", "repositoryId", "event") VALUES (${id.data}, ${repositoryId}, ${event}) ON CONFLICT ("id", "repositoryId") DO NOTHING`;
      if (inserted === 0) continue;
      queued += 1;
      for (const job of jobs.queue.filter((j) => j.payload.repositoryId === repositoryId)) {
        if (job.kind === "review.github_pull") await recordPullSnapshot(tx, reportFromJob(job.payload as GithubPullJob));
        await enqueueJob(tx, job);
      }
    }
    if (queued === 0) return { status: "duplicate", detail: `Delivery ${id.data} was received before; ignored.` };
    return { status: "queued", detail: `Queued for ${queued} connected ${queued === 1 ? "repository" : "repositories"}.`, repositories: queued };
  });
}

/** The payload: the body itself (JSON), or its `payload` field when GitHub sends a form. */
function parseBody(body: Uint8Array, contentType: string | null): unknown {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(body);
    if (contentType && /^application\/x-www-form-urlencoded\b/i.test(contentType.trim())) {
      const json = new URLSearchParams(text).get("payload");
      if (json === null) throw new Error("no payload field");
      return JSON.parse(json);
    }
    return JSON.parse(text);
  } catch {
    // Unreadable bodies cannot be matched to a secret, so they are refused like a bad signature.
    throw unauthorized();
  }
}

/** The jobs one verified delivery asks for, or why it is ignored. */
function jobsFor(event: string, payload: unknown, repositoryIds: string[]): { queue: JobInput[] } | { ignored: string } {
  if (event === "pull_request") {
    const action = (payload as { action?: unknown }).action;
    if (!(HANDLED_PULL_ACTIONS as readonly unknown[]).includes(action)) return { ignored: `pull_request action "${String(action).slice(0, 40)}" needs no review.` };
    const pr = parsePayload(githubPullRequestEvent, payload);
    return {
      queue: repositoryIds.map((repositoryId) => {
        const job: GithubPullJob = {
          repositoryId,
          action: pr.action as GithubPullJob["action"],
          number: pr.number,
          title: pr.pull_request.title,
          baseRef: pr.pull_request.base.ref,
          baseSha: pr.pull_request.base.sha,
          headRef: pr.pull_request.head.ref,
          headSha: pr.pull_request.head.sha,
          merged: pr.pull_request.merged === true,
          ...(pr.pull_request.updated_at ? { updatedAt: pr.pull_request.updated_at } : {}),
          ...(pr.pull_request.state === "open" || pr.pull_request.state === "closed" ? { state: pr.pull_request.state } : {}),
          ...(pr.action === "synchronize" && pr.before ? { before: pr.before } : {}),
        };
        // One job per pull request while queued: it applies the newest recorded state, whichever delivery queued it.
        return githubPullJobKind.job(job, { key: `gh-pull:${repositoryId}:${pr.number}` });
      }),
    };
  }
  if (event === "check_run") {
    const check = parsePayload(githubCheckRunEvent, payload);
    if (check.action !== "completed" || check.check_run.status !== "completed") return { ignored: "Only completed check runs are recorded." };
    // R12: Gatehouse's own check run is its verdict published, not evidence for the next one.
    if (check.check_run.name === GATEHOUSE_CHECK_NAME) return { ignored: `The "${GATEHOUSE_CHECK_NAME}" check run is Gatehouse's own verdict.` };
    return {
      // No dedupe key: a re-run's later conclusion must not be dropped in favour of a queued earlier one.
      queue: repositoryIds.map((repositoryId) => {
        const job: CheckRunJob = {
          repositoryId,
          headSha: check.check_run.head_sha,
          name: check.check_run.name,
          conclusion: check.check_run.conclusion ?? null,
          detailsUrl: check.check_run.details_url ?? null,
          output: checkOutputText(check.check_run.output) ?? null,
        };
        return checkRunJobKind.job(job);
      }),
    };
  }
  return { ignored: `GitHub event "${event.slice(0, 40)}" is not used by Gatehouse.` };
}

/** R5: a check run's title, summary and text as one text, or null when it said nothing. */
function checkOutputText(output: { title?: string | null; summary?: string | null; text?: string | null } | null | undefined): string | null {
  const parts = [output?.title, output?.summary, output?.text].map((part) => part?.trim()).filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join("\n\n") : null;
}

function parsePayload<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`).join("; ");
    throw new AppError("bad_request", `The delivery is signed but its payload is not usable: ${detail}`);
  }
  return parsed.data;
}
