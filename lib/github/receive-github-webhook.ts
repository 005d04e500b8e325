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
 * 2. Repeated deliveries (the same X-GitHub-Delivery id, e.g. GitHub's
 *    redelivery, or a replay) are ignored: the WebhookDelivery insert uses
 *    ON CONFLICT DO NOTHING, so of any number of concurrent copies exactly one
 *    inserts and queues, in the same transaction.
 * 3. pull_request (opened, reopened, synchronize, ready_for_review) queues
 *    "review.github_pull"; check_run (completed) queues "review.check_run".
 *    Everything else is acknowledged and ignored.
 */
import type { z } from "zod";
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { enqueueJob, type JobInput } from "../queue/enqueue-job";
import { verifySignature } from "./verify-signature";
import {
  deliveryId as deliveryIdSchema,
  githubCheckRunEvent,
  githubEnvelope,
  githubPullRequestEvent,
  HANDLED_PULL_ACTIONS,
  type CheckRunJob,
  type GithubPullJob,
} from "./webhook-schemas";

export interface IncomingDelivery {
  event: string | null;
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

export async function receiveGithubWebhook(prisma: PrismaClient, delivery: IncomingDelivery): Promise<WebhookAnswer> {
  if (!delivery.signature) throw new AppError("unauthorized", "The X-Hub-Signature-256 header is missing.");
  const payload = parseJson(delivery.body);
  const envelope = githubEnvelope.safeParse(payload);
  if (!envelope.success) throw unauthorized();
  const candidates = await prisma.repository.findMany({
    where: { githubFullName: { equals: envelope.data.repository.full_name, mode: "insensitive" }, webhookSecret: { not: null } },
    select: { id: true, webhookSecret: true },
  });
  const verified = candidates.filter((r) => verifySignature(delivery.body, delivery.signature, r.webhookSecret!)).map((r) => r.id);
  if (verified.length === 0) throw unauthorized();

  const jobs = jobsFor(delivery.event ?? "", payload, verified);
  if ("ignored" in jobs) return { status: "ignored", detail: jobs.ignored };
  const id = deliveryIdSchema.safeParse(delivery.deliveryId);
  if (!id.success) throw new AppError("bad_request", "The X-GitHub-Delivery header is missing or malformed; it is how repeated deliveries are recognised.");

  return prisma.$transaction(async (tx) => {
    const inserted = await tx.$executeRaw`
      INSERT INTO "WebhookDelivery" ("id", "event") VALUES (${id.data}, ${delivery.event ?? ""}) ON CONFLICT ("id") DO NOTHING`;
    if (inserted === 0) return { status: "duplicate", detail: `Delivery ${id.data} was received before; ignored.` };
    for (const job of jobs.queue) await enqueueJob(tx, job);
    return { status: "queued", detail: `Queued for ${verified.length} connected ${verified.length === 1 ? "repository" : "repositories"}.`, repositories: verified.length };
  });
}

function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
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
        };
        // One job per head: "opened" and "ready_for_review" for the same commit collapse while queued.
        return { kind: "review.github_pull", payload: { ...job }, key: `gh-pull:${repositoryId}:${pr.number}:${job.headSha}`, maxAttempts: 5 };
      }),
    };
  }
  if (event === "check_run") {
    const check = parsePayload(githubCheckRunEvent, payload);
    if (check.action !== "completed" || check.check_run.status !== "completed") return { ignored: "Only completed check runs are recorded." };
    return {
      // No dedupe key: a re-run's later conclusion must not be dropped in favour of a queued earlier one.
      queue: repositoryIds.map((repositoryId) => {
        const job: CheckRunJob = {
          repositoryId,
          headSha: check.check_run.head_sha,
          name: check.check_run.name,
          conclusion: check.check_run.conclusion ?? null,
          detailsUrl: check.check_run.details_url ?? null,
        };
        return { kind: "review.check_run", payload: { ...job } };
      }),
    };
  }
  return { ignored: `GitHub event "${event.slice(0, 40)}" is not used by Gatehouse.` };
}

function parsePayload<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`).join("; ");
    throw new AppError("bad_request", `The delivery is signed but its payload is not usable: ${detail}`);
  }
  return parsed.data;
}
