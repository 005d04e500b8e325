import "server-only";
/**
 * R1: a person opens a pull request between two branches of a
 * connected repository. Both ends are resolved to commits with git first, so a
 * typo is a clear 422 before anything is written.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { InvalidRefError } from "../repos/git-refs";
import { syncRepository } from "../repositories/sync-repository";
import { pickReviewAgent } from "../reviews/pick-review-agent";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { createPullRequest, type NewPullRequest } from "./create-pull-request";
import { mergeBase, resolveCommit } from "../repos/pull-git";
import { openPullBody, type OpenPullBody } from "./schemas";

export async function openPullRequest(
  prisma: PrismaClient,
  actor: WorkspaceActor,
  input: OpenPullBody,
  source: "ui" | "api" = "ui",
  alongside?: NewPullRequest["alongside"],
) {
  assertCan(actor, "write");
  const body = openPullBody.parse(input);
  const repository = await prisma.repository.findFirst({
    where: { id: body.repositoryId, workspaceId: actor.workspaceId },
    select: { id: true, name: true, workspaceId: true, path: true, remoteUrl: true },
  });
  if (!repository) throw notFound("That repository");

  // H3: branches are read from Gatehouse's mirror, brought up to date with the source first.
  const mirror = await syncRepository(prisma, repository);
  const [baseTip, headSha] = await Promise.all([resolve(mirror, body.baseRef, "base"), resolve(mirror, body.headRef, "head")]);
  const baseSha = await mergeBase(mirror, baseTip, headSha);
  if (baseSha === headSha) {
    throw new AppError("unprocessable", `${body.headRef} has no commits that ${body.baseRef} does not have; there is nothing to review.`);
  }
  const agent = await pickReviewAgent(prisma, actor.workspaceId, body.agentId);
  return createPullRequest(prisma, {
    workspaceId: actor.workspaceId,
    repository,
    title: body.title,
    baseRef: body.baseRef,
    headRef: body.headRef,
    baseSha,
    headSha,
    source,
    authorId: actor.userId,
    agentId: agent.id,
    alongside,
  });
}

async function resolve(mirror: string, ref: string, what: "base" | "head"): Promise<string> {
  try {
    return await resolveCommit(mirror, ref);
  } catch (error) {
    if (error instanceof InvalidRefError) throw new AppError("unprocessable", `The ${what} "${ref}" is not a commit of this repository.`);
    throw error;
  }
}
