import "server-only";
/**
 * Job "review.github_pull" (queued by the webhook): fetch the pull request's
 * head from the repository's remote, then open the pull request (room,
 * review, axes) or, when it exists, move it to the delivered head (re-review).
 *
 * Safe to run twice and in parallel for the same pull request: creating is
 * guarded by the unique (repository, number) — the loser moves the existing
 * one instead — and moving is conditional on the head it was read at.
 */
import { env } from "../config/env";
import type { PrismaClient } from "../db/generated/client";
import { checkRemoteUrl } from "../repos/remote-url";
import { existingMirror, syncRepository } from "../repositories/sync-repository";
import { pickReviewAgent } from "../reviews/pick-review-agent";
import { applyNewHead } from "./apply-new-head";
import { createPullRequest, PullRequestExists } from "./create-pull-request";
import { fetchPullHead, hasCommit, mergeBase } from "../repos/pull-git";
import type { GithubPullJob } from "../github/webhook-schemas";

export async function syncGithubPull(prisma: PrismaClient, job: GithubPullJob): Promise<{ outcome: "opened" | "moved" | "unchanged" | "skipped"; detail?: string }> {
  const repository = await prisma.repository.findUnique({ where: { id: job.repositoryId }, select: { id: true, name: true, path: true, remoteUrl: true, workspaceId: true } });
  if (!repository) return { outcome: "skipped", detail: "the repository was removed" };

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
  const change = await applyNewHead(prisma, pull.id, { headSha: job.headSha, baseSha, title: job.title, reopen: job.action === "reopened" }, { userId: null });
  return { outcome: change.changed ? "moved" : "unchanged" };
}

function findExisting(prisma: PrismaClient, repositoryId: string, number: number) {
  return prisma.pullRequest.findUnique({ where: { repositoryId_number: { repositoryId, number } }, select: { id: true, source: true } });
}
