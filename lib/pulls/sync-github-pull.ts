import "server-only";
/**
 * Job "review.github_pull" (queued by the webhook): fetch the pull request's
 * head from the repository's remote, then open the pull request (room,
 * review, axes) or, when it exists, move it to the delivered head (re-review).
 *
 * Safe to run twice and in parallel for the same pull request: creating is
 * guarded by the unique (repository, number) — the loser moves the existing
 * one instead — and moving is conditional on the head it was read at.
 *
 * R9: deliveries arrive late and out of order. A delivery whose
 * pull_request.updated_at is older than the newest one applied changes
 * nothing, and a head that is an ancestor of the current head (an older push)
 * never replaces it. `closed` (merged or not) and `reopened` keep the state
 * true; a closed pull request is not re-reviewed until it is reopened.
 */
import { env } from "../config/env";
import type { PrismaClient } from "../db/generated/client";
import { checkRemoteUrl } from "../repos/remote-url";
import { existingMirror, syncRepository } from "../repositories/sync-repository";
import { pickReviewAgent } from "../reviews/pick-review-agent";
import { applyNewHead } from "./apply-new-head";
import { createPullRequest, PullRequestExists } from "./create-pull-request";
import { fetchPullHead, hasCommit, isAncestor, mergeBase } from "../repos/pull-git";
import { setPullStateNow } from "./set-pull-state";
import type { GithubPullJob } from "../github/webhook-schemas";

export async function syncGithubPull(prisma: PrismaClient, job: GithubPullJob): Promise<{ outcome: "opened" | "moved" | "unchanged" | "skipped" | "closed" | "reopened"; detail?: string }> {
  const repository = await prisma.repository.findUnique({ where: { id: job.repositoryId }, select: { id: true, name: true, path: true, remoteUrl: true, workspaceId: true } });
  if (!repository) return { outcome: "skipped", detail: "the repository was removed" };

  if (job.action === "closed") {
    const pull = await findExisting(prisma, repository.id, job.number);
    // A pull request Gatehouse never saw open needs no room just to be closed.
    if (!pull || pull.source !== "github") return { outcome: "skipped", detail: `#${job.number} is not a GitHub pull request Gatehouse reviews` };
    if (!(await claimOrder(prisma, pull.id, job.updatedAt))) return { outcome: "unchanged", detail: "a newer delivery was applied already" };
    await setPullStateNow(prisma, { pullRequestId: pull.id, from: ["open"], to: job.merged ? "merged" : "closed", by: "github" });
    return { outcome: "closed" };
  }

  const mirror = await existingMirror(repository.id);
  let fetched: Error | null = null;
  if (repository.remoteUrl) {
    const remoteUrl = repository.remoteUrl;
    fetched = await Promise.resolve()
      .then(() => fetchPullHead({ mirror, remoteUrl, remote: checkRemoteUrl(remoteUrl, env().GATEHOUSE_ALLOWED_GIT_HOSTS), number: job.number, headRef: job.headRef, baseRef: job.baseRef }))
      .then(
        () => null,
        (error: Error) => error,
      );
  }
  // An unreachable remote is fine when the commit was pushed to the repository's folder on the server too.
  if (!(await hasCommit(mirror, job.headSha)) && repository.path) await syncRepository(prisma, repository);
  if (fetched && !(await hasCommit(mirror, job.headSha))) throw fetched;
  if (!(await hasCommit(mirror, job.headSha))) {
    // The branch moved on after this delivery (or there is no remote); the delivery of the newer push brings that head.
    throw new Error(`${repository.name} does not have ${job.headSha.slice(0, 12)} of pull request #${job.number}${repository.remoteUrl ? " (not on the remote either)" : " and has no remote URL to fetch it from"}`);
  }
  const baseSha = (await hasCommit(mirror, job.baseSha)) ? await mergeBase(mirror, job.baseSha, job.headSha) : job.baseSha;

  const existing = await findExisting(prisma, repository.id, job.number);
  if (!existing) {
    try {
      const agent = await pickReviewAgent(prisma, repository.workspaceId);
      await createPullRequest(prisma, {
        workspaceId: repository.workspaceId,
        repository,
        number: job.number,
        title: job.title,
        baseRef: job.baseRef,
        headRef: job.headRef,
        baseSha,
        headSha: job.headSha,
        source: "github",
        authorId: null,
        agentId: agent.id,
      });
      const opened = await findExisting(prisma, repository.id, job.number);
      if (opened) await claimOrder(prisma, opened.id, job.updatedAt);
      return { outcome: "opened" };
    } catch (error) {
      if (!(error instanceof PullRequestExists)) throw error;
    }
  }
  const pull = existing ?? (await findExisting(prisma, repository.id, job.number));
  if (!pull) throw new Error(`pull request #${job.number} vanished while it was being opened`);
  if (pull.source !== "github") {
    // Numbers of pull requests opened in Gatehouse share the repository's sequence; never overwrite one.
    return { outcome: "skipped", detail: `#${job.number} of ${repository.name} is a pull request opened in Gatehouse, not GitHub's` };
  }
  if (!(await claimOrder(prisma, pull.id, job.updatedAt))) return { outcome: "unchanged", detail: "a newer delivery was applied already" };
  const reopened = job.action === "reopened" && (await setPullStateNow(prisma, { pullRequestId: pull.id, from: ["closed"], to: "open", by: "github" }));
  const current = await prisma.pullRequest.findUniqueOrThrow({ where: { id: pull.id }, select: { headSha: true, state: true } });
  if (current.state !== "open") return { outcome: "unchanged", detail: `#${job.number} is ${current.state}` };
  // An older push delivered late: its head is already part of the current one.
  if (current.headSha !== job.headSha && (await isAncestor(mirror, job.headSha, current.headSha))) {
    return { outcome: reopened ? "reopened" : "unchanged", detail: `${job.headSha.slice(0, 12)} is older than the current head` };
  }
  const change = await applyNewHead(prisma, pull.id, { headSha: job.headSha, baseSha, title: job.title }, { userId: null });
  return { outcome: change.changed ? "moved" : reopened ? "reopened" : "unchanged" };
}

function findExisting(prisma: PrismaClient, repositoryId: string, number: number) {
  return prisma.pullRequest.findUnique({ where: { repositoryId_number: { repositoryId, number } }, select: { id: true, source: true } });
}

/**
 * R9: take this delivery's place in the forge's order, or learn that a newer
 * one was applied. One conditional update, so of two racing deliveries the
 * older cannot win after the newer. A delivery without a time takes no place.
 */
async function claimOrder(prisma: PrismaClient, pullRequestId: string, updatedAt: string | undefined): Promise<boolean> {
  if (!updatedAt) return true;
  const at = new Date(updatedAt);
  const claimed = await prisma.pullRequest.updateMany({
    where: { id: pullRequestId, OR: [{ forgeUpdatedAt: null }, { forgeUpdatedAt: { lte: at } }] },
    data: { forgeUpdatedAt: at },
  });
  return claimed.count > 0;
}
