import "server-only";
/**
 * R12, job "review.publish": make GitHub show what Gatehouse knows about a pull
 * request's current head — the `Gatehouse` check run carrying the newest
 * verdict at that head (in progress until there is one) and, where the
 * repository opts in, its anchored findings as review comments.
 *
 * Only the current head is ever published: a verdict formed for an older head
 * (a slow reviewer finishing after a push) is not the newest review at the
 * current head, so it never reaches the current head's check run. The job
 * always publishes what is newest when it runs, so running it again converges
 * instead of duplicating.
 *
 * A failure GitHub may get over (5xx, a rate limit, no connection) is tried
 * again with exponential backoff, at least as late as GitHub's retry-after;
 * after the last try, or at once for a refusal that will not change (bad
 * token, no permission, invalid input), the publication is marked failed with
 * the reason, and a person can retry from the room. One publisher at a time
 * per pull request: a claim with an expiry on its publication row.
 *
 * A rate limit holds the credential, not the pull request: every request goes
 * through the credential's gate (credential-state.ts), so once GitHub asks an
 * installation or token to wait, no publish of any pull request sends with it
 * until then; such a publish waits without spending a try. A token GitHub
 * refused check runs is not asked again on every verdict: its review comments
 * are still posted and the remembered refusal is shown.
 */
import type { PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { githubApp, type GithubApp } from "../github/github-app";
import { checkRunsRefused, heldBy, rememberCheckRunsRefused } from "../github/credential-state";
import { githubClient, type GithubClient } from "../github/github-client";
import { resolvePublishCredential, type PublishCredential } from "../github/publish-credential";
import { publishesToGithub, type PublishJob } from "../github/request-publish";
import { RetryLater } from "../queue/run-worker";
import { readExplanation } from "../reviews/stored-explanation";
import { checkRunBody, holdAs } from "./check-run-body";
import { classifyGithubError, type GithubCredentialKind, type PublishFailure } from "./classify-github-error";
import { publishCheckRun, type Step } from "./publish-check-run";
import { syncComments } from "./sync-comments";

export interface PublishOptions {
  /** tries of one request before it is shown as failed */
  maxAttempts: number;
  /** the first retry's delay; each later one doubles it */
  retryBaseMs: number;
  /** Gatehouse's public origin, for links to the room; null leaves the links out */
  origin: string | null;
  /** how a client is made for a token and its credential's key (the real, gated Octokit unless a caller says otherwise) */
  client?: (token: string, key: string) => GithubClient;
  /** the GitHub App to publish as (the configured one unless a caller says otherwise; null = none) */
  app?: GithubApp | null;
}

const CLAIM_MS = 120_000;

/** The n-th retry's delay (n ≥ 1): base × 2^(n−1), never before GitHub's own wait. */
export function retryDelay(attempt: number, baseMs: number, waitMs = 0): number {
  return Math.max(waitMs, Math.min(baseMs * 2 ** (attempt - 1), 6 * 3_600_000));
}

export async function publishPull(prisma: PrismaClient, job: PublishJob, options: PublishOptions): Promise<void> {
  const pull = await prisma.pullRequest.findUnique({
    where: { id: job.pullRequestId },
    include: {
      repository: { select: { githubFullName: true, githubToken: true, githubInstallationId: true, publishComments: true, publishHoldAs: true } },
      room: { select: { id: true } },
      workspace: { select: { slug: true } },
    },
  });
  if (!pull) return;
  const events = (event: Parameters<typeof recordEvent>[1]) => (pull.room ? recordEvent(prisma, event) : Promise.resolve(0n));
  const where = { workspaceId: pull.workspaceId, roomId: pull.room?.id ?? null };
  const app = options.app === undefined ? githubApp() : options.app;
  if (!publishesToGithub(pull.repository, app !== null)) {
    const reason = "The repository no longer has a GitHub name and a GitHub App installation or token to publish with.";
    const changed = await prisma.forgePublication.updateMany({ where: { pullRequestId: pull.id, status: { not: "failed" } }, data: { status: "failed", error: reason, retryAt: null } });
    if (changed.count > 0) await events({ ...where, type: "publish.failed", data: { pullRequestId: pull.id, headSha: pull.headSha, reason, attempts: 0 } });
    return;
  }
  if (!(await claim(prisma, pull.id))) throw new RetryLater(1_000, "another worker is publishing this pull request");

  const [owner, repo] = pull.repository.githubFullName!.split("/") as [string, string];
  const roomUrl = options.origin ? `${options.origin}/w/${encodeURIComponent(pull.workspace.slug)}/pulls/${encodeURIComponent(pull.id)}` : null;
  const step: Step = { what: "publish" };
  let failure: PublishFailure | null = null;
  let retryIn: number | null = null;
  try {
    const publication = await prisma.forgePublication.findUniqueOrThrow({ where: { pullRequestId: pull.id } });
    const review = await prisma.review.findFirst({ where: { pullRequestId: pull.id, headSha: pull.headSha }, orderBy: { createdAt: "desc" } });
    const body = checkRunBody({
      review: review ? { verdict: review.verdict, explanation: readExplanation(review.explanation), summary: review.summary } : null,
      headSha: pull.headSha,
      roomUrl,
      holdAs: holdAs.parse(pull.repository.publishHoldAs),
    });
    // Until a credential is in hand, a failure is the app's (finding its installation, exchanging its JWT).
    let via: GithubCredentialKind = app ? "app" : "token";
    let credential: PublishCredential | null = null;
    try {
      credential = await resolvePublishCredential(app, pull.repository, step, prisma);
      if (credential.kind === "none") throw new NothingToPublishWith(credential.reason);
      via = credential.kind;
      const key = credential.key;
      const client = options.client ? options.client(credential.token, key) : githubClient(credential.token, { store: prisma, key });
      step.what = "publish";
      const wantsComments = pull.repository.publishComments && pull.source === "github";
      if (credential.kind === "token" && (await checkRunsRefused(prisma, key))) {
        // GitHub refused this token check runs before: post the comments, then show the remembered refusal without asking again.
        if (wantsComments) await syncComments(prisma, client, { owner, repo, pullRequestId: pull.id, number: pull.number, headSha: pull.headSha, roomUrl }, step);
        throw new RefusedBefore(classifyGithubError({ status: 403, response: { headers: {} } }, "create the check run", "token").reason);
      }
      const run = await publishCheckRun(
        client,
        { owner, repo, pullRequestId: pull.id, headSha: pull.headSha, detailsUrl: roomUrl, known: publication },
        body,
        step,
        // Stored the moment GitHub assigns it, so nothing failing later can lead to a second check run.
        (created) => prisma.forgePublication.update({ where: { pullRequestId: pull.id }, data: { headSha: pull.headSha, checkRunId: BigInt(created.id), checkRunUrl: created.url } }).then(() => undefined),
      ).catch(async (error: unknown) => {
        // A personal token is refused check runs but may post comments: post them, then report the refusal.
        if (credential?.kind === "token" && (error as { status?: number }).status === 403 && !classifyGithubError(error, step.what, "token").retry) {
          await rememberCheckRunsRefused(prisma, key);
          if (wantsComments) {
            const refusedStep = step.what;
            await syncComments(prisma, client, { owner, repo, pullRequestId: pull.id, number: pull.number, headSha: pull.headSha, roomUrl }, step);
            step.what = refusedStep;
          }
        }
        throw error;
      });
      const comments = wantsComments
        ? await syncComments(prisma, client, { owner, repo, pullRequestId: pull.id, number: pull.number, headSha: pull.headSha, roomUrl }, step)
        : { live: 0 };
      await prisma.forgePublication.update({
        where: { pullRequestId: pull.id },
        data: {
          status: "published",
          headSha: pull.headSha,
          checkRunId: BigInt(run.id),
          checkRunUrl: run.url,
          reviewId: review?.id ?? null,
          conclusion: body.conclusion ?? null,
          attempts: 0,
          retryAt: null,
          error: null,
          publishedAt: new Date(),
        },
      });
      await events({ ...where, type: "publish.published", data: { pullRequestId: pull.id, headSha: pull.headSha, conclusion: body.conclusion ?? null, checkRunUrl: run.url, comments: comments.live } });
    } catch (error) {
      const held = heldBy(error);
      if (held) {
        // Nothing was sent: the credential waits for GitHub's time, and this publish waits with it without spending a try.
        retryIn = Math.max(1, held.until.getTime() - Date.now());
        failure = { retry: true, reason: `GitHub's rate limit on this ${via === "app" ? "GitHub App installation" : "token"} holds every request until ${held.until.toISOString()}; publishing waits until then.` };
        await prisma.forgePublication.update({ where: { pullRequestId: pull.id }, data: { status: "pending", retryAt: held.until, error: failure.reason } });
        await events({ ...where, type: "publish.pending", data: { pullRequestId: pull.id, headSha: pull.headSha, attempt: publication.attempts, retryAt: held.until.toISOString(), reason: failure.reason } });
      } else {
        failure = error instanceof NothingToPublishWith || error instanceof RefusedBefore ? { retry: false, reason: error.message } : classifyGithubError(error, step.what, via);
        // A refused installation token may have been revoked: the next try exchanges a new one.
        if (credential?.kind === "app" && (error as { status?: number }).status === 401) app?.forget(credential.installationId);
        const attempts = publication.attempts + 1;
        if (failure.retry && attempts < options.maxAttempts) {
          retryIn = retryDelay(attempts, options.retryBaseMs, failure.waitMs);
          const retryAt = new Date(Date.now() + retryIn);
          await prisma.forgePublication.update({ where: { pullRequestId: pull.id }, data: { status: "pending", attempts, retryAt, error: failure.reason } });
          await events({ ...where, type: "publish.pending", data: { pullRequestId: pull.id, headSha: pull.headSha, attempt: attempts, retryAt: retryAt.toISOString(), reason: failure.reason } });
        } else {
          await prisma.forgePublication.update({ where: { pullRequestId: pull.id }, data: { status: "failed", attempts, retryAt: null, error: failure.reason } });
          await events({ ...where, type: "publish.failed", data: { pullRequestId: pull.id, headSha: pull.headSha, reason: failure.reason, attempts } });
        }
      }
    }
  } finally {
    await prisma.forgePublication.updateMany({ where: { pullRequestId: pull.id }, data: { lockedUntil: null } });
  }
  if (retryIn !== null) throw new RetryLater(retryIn, failure?.reason ?? "publishing will be tried again");
}

/** Neither an app installation nor a token: nothing to retry until a person configures one. */
class NothingToPublishWith extends Error {}

/** GitHub refused this token check runs recently (remembered per credential): not asked again until a person retries. */
class RefusedBefore extends Error {
  constructor(reason: string) {
    super(`${reason} (GitHub refused this token before; Gatehouse asks again when the token changes, after a day, or when a person retries.)`);
  }
}

/** One publisher per pull request: take the row's claim unless a live one holds it. */
async function claim(prisma: PrismaClient, pullRequestId: string): Promise<boolean> {
  await prisma.forgePublication.upsert({ where: { pullRequestId }, create: { pullRequestId }, update: {} });
  const now = new Date();
  const taken = await prisma.forgePublication.updateMany({
    where: { pullRequestId, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
    data: { lockedUntil: new Date(now.getTime() + CLAIM_MS) },
  });
  return taken.count === 1;
}
