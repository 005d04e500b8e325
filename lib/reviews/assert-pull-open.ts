import "server-only";
/**
 * R9: a closed or merged pull request's room is read-only until it is
 * reopened: nobody adds, confirms, dismisses or resolves its findings, so the
 * record of what was decided before it closed stays as it was.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";

export async function assertPullOpen(prisma: Pick<PrismaClient, "pullRequest">, workspaceId: string, pullRequestId: string): Promise<void> {
  const pull = await prisma.pullRequest.findFirst({ where: { id: pullRequestId, workspaceId }, select: { number: true, state: true } });
  if (!pull) throw notFound("That pull request");
  if (pull.state !== "open") throw new AppError("conflict", `Pull request #${pull.number} is ${pull.state}; its review is read-only until it is reopened.`);
}
