import "server-only";
/**
 * One finding of a pull request in a workspace, with its history (R3, R10:
 * every move of a finding leaves an event). A finding of another
 * workspace, or of another pull request, is "not found".
 */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { findingInclude, toFindingView, type FindingView } from "./finding-view";
import { readRequiredConfirmations } from "./required-confirmations";

export interface FindingRef {
  workspaceId: string;
  pullRequestId: string;
  findingId: string;
}

export interface FindingEventView {
  id: string;
  type: string;
  actor: string | null;
  actorName: string | null;
  data: unknown;
  createdAt: string;
}

/** The finding row, scoped to the workspace and pull request, or a 404. */
export async function findScopedFinding(prisma: Pick<PrismaClient, "finding">, ref: FindingRef) {
  const finding = await prisma.finding.findFirst({
    where: { id: ref.findingId, pullRequestId: ref.pullRequestId, pullRequest: { workspaceId: ref.workspaceId } },
  });
  if (!finding) throw notFound("That finding");
  return finding;
}

export async function findingView(prisma: Pick<PrismaClient, "finding" | "user">, findingId: string): Promise<FindingView> {
  const row = await prisma.finding.findUniqueOrThrow({
    where: { id: findingId },
    include: { ...findingInclude, pullRequest: { select: { workspace: { select: { requiredConfirmations: true } } } } },
  });
  const names = row.authorUserId ? await userNames(prisma, [row.authorUserId]) : new Map<string, string>();
  return toFindingView(row, names, readRequiredConfirmations(row.pullRequest.workspace.requiredConfirmations));
}

export async function getFinding(prisma: PrismaClient, ref: FindingRef): Promise<{ finding: FindingView; events: FindingEventView[] }> {
  await findScopedFinding(prisma, ref);
  const [finding, events] = await Promise.all([
    findingView(prisma, ref.findingId),
    prisma.findingEvent.findMany({ where: { findingId: ref.findingId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  const ids = events.flatMap((e) => (e.actor?.startsWith("user:") ? [e.actor.slice(5)] : []));
  const names = await userNames(prisma, ids);
  return {
    finding,
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      actor: e.actor,
      actorName: e.actor?.startsWith("user:") ? (names.get(e.actor.slice(5)) ?? "Someone") : e.actor?.startsWith("agent:") ? e.actor.slice(6) : e.actor,
      data: e.data,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

export async function userNames(prisma: Pick<PrismaClient, "user">, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const users = await prisma.user.findMany({ where: { id: { in: unique } }, select: { id: true, name: true } });
  return new Map(users.map((u) => [u.id, u.name]));
}
