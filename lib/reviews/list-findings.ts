import "server-only";
/**
 * The findings of a pull request, filtered by kind, priority, status and a
 * minimum confidence, most severe first (priority, then confidence, then
 * position), with who confirmed each (R3).
 */
import type { Prisma as Db, PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import type { FindingsQuery } from "./request-schemas";
import { findingInclude, toFindingView, type FindingView } from "./finding-view";
import { userNames } from "./get-finding";
import { readRequiredConfirmations } from "./required-confirmations";

export async function listFindings(prisma: PrismaClient, workspaceId: string, pullRequestId: string, query: FindingsQuery = {}): Promise<FindingView[]> {
  const pull = await prisma.pullRequest.findFirst({ where: { id: pullRequestId, workspaceId }, select: { id: true, workspace: { select: { requiredConfirmations: true } } } });
  if (!pull) throw notFound("That pull request");
  const where: Db.FindingWhereInput = { pullRequestId: pull.id };
  if (query.kind?.length) where.kind = { in: query.kind };
  if (query.priority?.length) where.priority = { in: query.priority };
  if (query.status?.length) where.status = { in: query.status };
  if (query.minConfidence !== undefined) where.confidence = { gte: query.minConfidence };
  const rows = await prisma.finding.findMany({
    where,
    include: findingInclude,
    orderBy: [{ priority: "asc" }, { confidence: "desc" }, { file: { sort: "asc", nulls: "first" } }, { startLine: "asc" }, { createdAt: "asc" }],
  });
  const names = await userNames(prisma, rows.flatMap((r) => (r.authorUserId ? [r.authorUserId] : [])));
  const required = readRequiredConfirmations(pull.workspace.requiredConfirmations);
  return rows.map((row) => toFindingView(row, names, required));
}
