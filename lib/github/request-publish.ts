import "server-only";
/**
 * R12: ask for a pull request's state to be published to GitHub — the verdict
 * for its current head as the `Gatehouse` check run (in progress until one is
 * formed) and, where the repository opts in, its anchored findings as review
 * comments. Called inside the transaction that changed what is published (a
 * review stored, a head moved, a finding resolved or dismissed), so the change
 * and the request commit together and a publish is never silently lost.
 *
 * One keyed job per pull request: requests made while one waits collapse into
 * it, and the job publishes whatever is newest when it runs. A new request
 * starts the tries again from zero.
 */
import { z } from "zod";
import type { PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { defineJob } from "../queue/define-job";
import { enqueueJob } from "../queue/enqueue-job";
import { githubAppConfigured } from "./github-app";


/** R12: the name of the check run the verdict is published as. */
export const GATEHOUSE_CHECK_NAME = "Gatehouse";

/** The payload of a "review.publish" job: the pull request whose current state to publish. */
export const publishJob = z.object({ pullRequestId: z.string().trim().min(1).max(64) });
export type PublishJob = z.infer<typeof publishJob>;
export const publishPullJob = defineJob({ kind: "review.publish", payload: publishJob, retry: { maxAttempts: 3 } });
export const PUBLISH_JOB = publishPullJob.kind;

type Db = Pick<PrismaClient, "pullRequest" | "forgePublication" | "$executeRaw" | "$queryRaw" | "$queryRawUnsafe">;

/**
 * Whether a repository publishes to GitHub: it names its GitHub repository and
 * has a credential — its own token, or a configured GitHub
 * App (whose installation is looked up when publishing; not being installed is
 * then shown as the reason nothing was published).
 */
export function publishesToGithub(
  repository: { githubFullName: string | null; githubToken: string | null },
  appConfigured: boolean = githubAppConfigured(),
): boolean {
  return Boolean(repository.githubFullName && (repository.githubToken || appConfigured));
}

/** Queues the publish; false (and nothing written) when the repository does not publish. */
export async function requestPublish(tx: Db, pullRequestId: string): Promise<boolean> {
  const pull = await tx.pullRequest.findUnique({
    where: { id: pullRequestId },
    select: { workspaceId: true, headSha: true, room: { select: { id: true } }, repository: { select: { githubFullName: true, githubToken: true } } },
  });
  if (!pull || !publishesToGithub(pull.repository)) return false;
  const reset = { status: "pending", attempts: 0, retryAt: null, error: null, requestedAt: new Date() };
  await tx.forgePublication.upsert({ where: { pullRequestId }, create: { pullRequestId, ...reset }, update: reset });
  await enqueueJob(tx, publishPullJob.job({ pullRequestId }, { key: `publish:${pullRequestId}` }));
  if (pull.room) {
    await recordEvent(tx, { workspaceId: pull.workspaceId, roomId: pull.room.id, type: "publish.pending", data: { pullRequestId, headSha: pull.headSha, attempt: 0 } });
  }
  return true;
}
