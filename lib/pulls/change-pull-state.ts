import "server-only";
/**
 * Issue 14 §5: a person closes or reopens a pull request opened in Gatehouse.
 * Closing makes its review room read-only (R9); reopening makes it writable
 * again. A GitHub pull request's state is GitHub's: it changes when GitHub's
 * delivery says so, never by a click here that GitHub would not know about.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import type { PullStateBody } from "./schemas";
import { setPullStateNow } from "./set-pull-state";

export async function changePullState(prisma: PrismaClient, actor: WorkspaceActor, pullRequestId: string, body: PullStateBody): Promise<{ state: string }> {
  assertCan(actor, "write");
  const pull = await prisma.pullRequest.findFirst({ where: { id: pullRequestId, workspaceId: actor.workspaceId }, select: { id: true, number: true, state: true, source: true, repositoryId: true, headRef: true, baseRef: true } });
  if (!pull) throw notFound("That pull request");
  if (pull.source === "github") throw new AppError("unprocessable", `Pull request #${pull.number} lives on GitHub; close or reopen it there and Gatehouse follows.`);
  const [from, to] = body.action === "close" ? (["open", "closed"] as const) : (["closed", "open"] as const);
  if (pull.state !== from) {
    throw new AppError("conflict", body.action === "close" ? `Pull request #${pull.number} is already ${pull.state}.` : `Pull request #${pull.number} is ${pull.state}; only a closed pull request can be reopened.`);
  }
  if (body.action === "reopen") {
    // One open pull request per head and base: a newer one for the same branches wins.
    const other = await prisma.pullRequest.findFirst({ where: { repositoryId: pull.repositoryId, headRef: pull.headRef, baseRef: pull.baseRef, state: "open", id: { not: pull.id } }, select: { id: true, number: true } });
    if (other) throw new AppError("conflict", `Pull request #${other.number} already proposes ${pull.headRef} into ${pull.baseRef}; continue there.`, { pullRequestId: other.id, number: other.number });
  }
  const changed = await setPullStateNow(prisma, { pullRequestId: pull.id, from: [from], to, by: `user:${actor.userId}` });
  if (!changed) throw new AppError("conflict", "Someone changed this pull request meanwhile; reload it and try again.");
  return { state: to };
}
