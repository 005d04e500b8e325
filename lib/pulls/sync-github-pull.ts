import "server-only";
/**
 * Job "review.github_pull" (queued by the webhook, one per pull request while
 * queued): record what the delivery says about the pull request when it is
 * GitHub's newest state (the webhook did so already as it accepted the
 * delivery; recording again changes nothing), then make the pull request in
 * Gatehouse match the newest state recorded (reconcile-github-pull.ts): opened
 * at its head, moved to a new head or base and re-reviewed, retitled, closed,
 * merged or reopened.
 *
 * R9: the order is GitHub's — the payload's updated_at, the synchronize
 * before/after chain, GitHub's API when two deliveries tie — never commit
 * ancestry, so a force-push back to an older commit moves the review there,
 * while a late delivery of an older push changes nothing. Safe to run twice
 * and in parallel for the same pull request.
 */
import type { PrismaClient } from "../db/generated/client";
import type { GithubApp } from "../github/github-app";
import { recordPullSnapshot, reportFromJob } from "../github/record-pull-snapshot";
import type { GithubPullJob } from "../github/webhook-schemas";
import { reconcileGithubPull, type ReconcileOutcome } from "./reconcile-github-pull";

export async function syncGithubPull(prisma: PrismaClient, job: GithubPullJob, options: { app?: GithubApp | null } = {}): Promise<{ outcomes: ReconcileOutcome[]; detail?: string }> {
  const repository = await prisma.repository.findUnique({
    where: { id: job.repositoryId },
    select: { id: true, name: true, path: true, remoteUrl: true, workspaceId: true, githubFullName: true, githubToken: true, githubInstallationId: true },
  });
  if (!repository) return { outcomes: ["skipped"], detail: "the repository was removed" };
  await prisma.$transaction((tx) => recordPullSnapshot(tx, reportFromJob(job)));
  return reconcileGithubPull(prisma, repository, job.number, options);
}
