import "server-only";
/** R3: the open pull requests of a workspace whose review was asked of this person, newest request first (the inbox lists them). */
import type { PrismaClient } from "../db/generated/client";

export interface MyReviewRequest {
  pullRequestId: string;
  number: number;
  title: string;
  repository: string;
  requestedBy: string;
  createdAt: string;
}

export async function listMyReviewRequests(prisma: PrismaClient, workspaceId: string, userId: string): Promise<MyReviewRequest[]> {
  const rows = await prisma.reviewRequest.findMany({
    where: { userId, pullRequest: { workspaceId, state: "open" } },
    orderBy: { createdAt: "desc" },
    take: 100,
    select: { createdAt: true, requestedById: true, pullRequest: { select: { id: true, number: true, title: true, repository: { select: { name: true } } } } },
  });
  const askers = new Map((await prisma.user.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.requestedById))] } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]));
  return rows.map((r) => ({
    pullRequestId: r.pullRequest.id,
    number: r.pullRequest.number,
    title: r.pullRequest.title,
    repository: r.pullRequest.repository.name,
    requestedBy: askers.get(r.requestedById) ?? "a former member",
    createdAt: r.createdAt.toISOString(),
  }));
}
