import "server-only";
/**
 * R5: the kept output of one axis result of a pull request's repository — the
 * end of what a failed gate printed, or what a GitHub check said — bounded
 * and scrubbed when it was stored (./axis-log.ts). Scoped by workspace: a pull
 * request of another workspace is not found (H3).
 */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import type { AxisLogQuery } from "./request-schemas";

export interface AxisLogView {
  axis: string;
  headSha: string;
  source: string;
  status: string;
  detail: string | null;
  /** null: nothing was kept (it passed, printed nothing, or ran before logs were kept) */
  log: string | null;
}

export async function getAxisLog(prisma: PrismaClient, workspaceId: string, pullRequestId: string, query: AxisLogQuery): Promise<AxisLogView> {
  const pull = await prisma.pullRequest.findFirst({ where: { id: pullRequestId, workspaceId }, select: { repositoryId: true } });
  if (!pull) throw notFound("That pull request");
  const row = await prisma.axisResult.findUnique({
    where: { repositoryId_headSha_axis_source: { repositoryId: pull.repositoryId, headSha: query.head, axis: query.axis, source: query.source } },
    select: { axis: true, headSha: true, source: true, status: true, detail: true, log: true },
  });
  if (!row) throw notFound("That axis result");
  return row;
}
