import "server-only";
/**
 * R8: re-read a pull request's head. For a pull request opened in
 * Gatehouse that is its head branch once the mirror has re-read the source
 * (a push to the folder on the server is how a person "pushes" in the demo);
 * for one from GitHub, the head is fetched from the remote into the mirror. A new head goes through applyNewHead (re-review, anchors remapped).
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { env } from "../config/env";
import { InvalidRefError } from "../repos/git-refs";
import { checkRemoteUrl, RemoteUrlError } from "../repos/remote-url";
import { existingMirror, syncRepository } from "../repositories/sync-repository";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { applyNewHead, type HeadChange } from "./apply-new-head";
import { fetchPullHead, mergeBase, pullHeadRef, resolveCommit } from "../repos/pull-git";

export async function refreshPullRequest(prisma: PrismaClient, actor: WorkspaceActor, pullRequestId: string): Promise<HeadChange> {
  assertCan(actor, "write");
  const pull = await prisma.pullRequest.findFirst({
    where: { id: pullRequestId, workspaceId: actor.workspaceId },
    include: { repository: { select: { id: true, workspaceId: true, path: true, remoteUrl: true } } },
  });
  if (!pull) throw notFound("That pull request");
  if (pull.state !== "open") throw new AppError("unprocessable", `Pull request #${pull.number} is ${pull.state}; only open pull requests are re-reviewed.`);

  let headRef = pull.headRef;
  let baseRef = pull.baseRef;
  let mirror: string;
  if (pull.source === "github") {
    const remoteUrl = pull.repository.remoteUrl;
    if (!remoteUrl) throw new AppError("unprocessable", "This repository has no remote URL to fetch the pull request's head from.");
    let remote;
    try {
      remote = checkRemoteUrl(remoteUrl, env().GATEHOUSE_ALLOWED_GIT_HOSTS);
    } catch (error) {
      if (error instanceof RemoteUrlError) throw new AppError("unprocessable", error.message);
      throw error;
    }
    mirror = await existingMirror(pull.repository.id);
    await fetchPullHead({ mirror, remoteUrl, remote, number: pull.number, headRef: pull.headRef, baseRef: pull.baseRef });
    headRef = pullHeadRef(pull.number);
    baseRef = `refs/gatehouse/pull/${pull.number}/base`;
  } else {
    // A push to the source shows up once the mirror is fetched again (H3).
    mirror = await syncRepository(prisma, pull.repository);
  }
  const headSha = await resolve(mirror, headRef, pull.headRef);
  const baseTip = await resolve(mirror, baseRef, pull.baseRef).catch(() => pull.baseSha);
  const baseSha = await mergeBase(mirror, baseTip, headSha);
  return applyNewHead(prisma, pull.id, { headSha, baseSha }, { userId: actor.userId });
}

async function resolve(mirror: string, ref: string, shown: string): Promise<string> {
  try {
    return await resolveCommit(mirror, ref);
  } catch (error) {
    if (error instanceof InvalidRefError) throw new AppError("unprocessable", `"${shown}" no longer names a commit in the repository; was the branch deleted?`);
    throw error;
  }
}
