import "server-only";
/** The workspace's pull requests, newest first, with their latest verdict and finding counts. */
import type { PrismaClient } from "../db/generated/client";
import { pullInclude, toPullSummaries, type PullRequestSummary } from "./pull-view";

const MAX_LISTED = 200;

export async function listPullRequests(prisma: PrismaClient, workspaceId: string): Promise<PullRequestSummary[]> {
  const rows = await prisma.pullRequest.findMany({ where: { workspaceId }, include: pullInclude, orderBy: { createdAt: "desc" }, take: MAX_LISTED });
  return toPullSummaries(prisma, rows);
}
