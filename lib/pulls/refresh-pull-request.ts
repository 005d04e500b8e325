import "server-only";
/**
 * Issue 5 §1c: re-read a pull request's head. For a pull request opened in
 * Gatehouse that is the head branch of the local repository (how a person
 * "pushes" in the demo); for one from GitHub, the head is fetched from the
 * remote first. A new head goes through applyNewHead (re-review, anchors remapped).
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { InvalidRefError } from "../repos/git";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { applyNewHead, type HeadChange } from "./apply-new-head";
import { fetchPullHead, mergeBase, pullHeadRef, resolveCommit } from "./pull-git";

export async function refreshPullRequest(prisma: PrismaClient, actor: WorkspaceActor, pullRequestId: string): Promise<HeadChange> {
  assertCan(actor, "write");
  const pull = await prisma.pullRequest.findFirst({
    where: { id: pullRequestId, workspaceId: actor.workspaceId },
    include: { repository: { select: { path: true, remoteUrl: true } } },
  });
  if (!pull) throw notFound("That pull request");
  if (pull.state !== "open") throw new AppError("unprocessable", `Pull request #${pull.number} is ${pull.state}; only open pull requests are re-reviewed.`);
  const repoPath = pull.repository.path;

  let headRef = pull.headRef;
  let baseRef = pull.baseRef;
  if (pull.source === "github") {
    if (!pull.repository.remoteUrl) throw new AppError("unprocessable", "This repository has no remote URL to fetch the pull request's head from.");
    await fetchPullHead({ repoPath, remoteUrl: pull.repository.remoteUrl, number: pull.number, headRef: pull.headRef, baseRef: pull.baseRef });
    headRef = pullHeadRef(pull.number);
    baseRef = `refs/gatehouse/pull/${pull.number}/base`;
  }
  const headSha = await resolve(repoPath, headRef, pull.headRef);
  const baseTip = await resolve(repoPath, baseRef, pull.baseRef).catch(() => pull.baseSha);
  const baseSha = await mergeBase(repoPath, baseTip, headSha);
  return applyNewHead(prisma, pull.id, { headSha, baseSha }, { userId: actor.userId });
}

async function resolve(repoPath: string, ref: string, shown: string): Promise<string> {
  try {
    return await resolveCommit(repoPath, ref);
  } catch (error) {
    if (error instanceof InvalidRefError) throw new AppError("unprocessable", `"${shown}" no longer names a commit in the repository; was the branch deleted?`);
    throw error;
  }
}
