import "server-only";
/**
 * R12: a person asks for the pull request to be published to GitHub again
 * (after a failure, or to refresh what GitHub shows). The tries start again
 * from zero, and a check run GitHub refused the repository's token before is
 * asked for again; the room follows the new attempt live.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { credentialKey, forgetCheckRunsRefused } from "../github/credential-state";
import { toPublicationView, type PublicationView } from "../github/publication-view";
import { requestPublish } from "../github/request-publish";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";

export async function retryPublish(prisma: PrismaClient, actor: WorkspaceActor, pullRequestId: string): Promise<PublicationView> {
  assertCan(actor, "write");
  const pull = await prisma.pullRequest.findFirst({ where: { id: pullRequestId, workspaceId: actor.workspaceId }, select: { id: true, headSha: true, repository: { select: { githubToken: true } } } });
  if (!pull) throw notFound("That pull request");
  if (pull.repository.githubToken) await forgetCheckRunsRefused(prisma, credentialKey({ kind: "token", token: pull.repository.githubToken }));
  const queued = await prisma.$transaction((tx) => requestPublish(tx, pull.id));
  if (!queued) {
    throw new AppError("unprocessable", "This pull request's repository does not publish to GitHub: give it a GitHub name and token in Settings → Repositories.");
  }
  const row = await prisma.forgePublication.findUniqueOrThrow({ where: { pullRequestId: pull.id } });
  return toPublicationView(row, pull.headSha);
}
