import "server-only";
/**
 * P3: a room's orchestrations, newest first, each with its tickets in
 * dependency order: status, the run that works on it, its result or error.
 */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { nodeDepths } from "../plans/topological-order";
import { projectUsage } from "./project-budget";
import { changeKind } from "../runs/change-kind";
import { retryable } from "./schedule-tickets";

export async function listOrchestrations(prisma: PrismaClient, scope: { workspaceId: string; roomId: string }) {
  const room = await prisma.room.findFirst({ where: { id: scope.roomId, workspaceId: scope.workspaceId }, select: { id: true } });
  if (!room) throw notFound("That room");
  const rows = await prisma.orchestration.findMany({
    where: { roomId: room.id },
    orderBy: { createdAt: "desc" },
    take: 20,
    include: {
      plan: { select: { id: true, version: true } },
      project: { select: { id: true, maxRuns: true, maxMinutes: true, maxTokens: true } },
      tickets: {
        orderBy: { createdAt: "asc" },
        include: {
          agent: { select: { name: true } },
          run: {
            select: {
              id: true, status: true, startedAt: true, finishedAt: true, inputTokens: true, outputTokens: true,
              // What the run (and the sub-agents it delegated to) changed: a succeeded ticket without a change says so.
              toolCalls: { where: { status: "executed" }, select: { effects: true, status: true } },
              children: { select: { toolCalls: { where: { status: "executed" }, select: { effects: true, status: true } } } },
            },
          },
        },
      },
    },
  });
  const pulls = await ticketPulls(prisma, rows.flatMap((o) => o.tickets.flatMap((t) => (t.pullRequestId ? [t.pullRequestId] : []))));
  return Promise.all(rows.map(async (o) => {
    const layers = safeDepths(o.tickets);
    const tickets = o.tickets
      .map((t, i) => ({
        id: t.id,
        key: t.key,
        title: t.title,
        description: t.description,
        dependsOn: t.dependsOn,
        layer: layers?.[i] ?? 0,
        status: t.status,
        result: t.result,
        error: t.error,
        /** S2: what the step is, who works on it (O5) and the room it opened or joined */
        kind: t.kind,
        agent: t.agent?.name ?? null,
        stepRoomId: t.stepRoomId,
        /** O7: its own branch, its pull request with the verdict at the head, and how it was settled */
        branch: t.branch,
        pullRequest: t.pullRequestId ? (pulls.get(t.pullRequestId) ?? null) : null,
        resolution: t.resolution,
        override: t.overriddenBy ? { by: t.overriddenBy, reason: t.overrideReason ?? "", at: t.overriddenAt?.toISOString() ?? null } : null,
        run: t.run
          ? {
              id: t.run.id,
              status: t.run.status,
              startedAt: t.run.startedAt?.toISOString() ?? null,
              finishedAt: t.run.finishedAt?.toISOString() ?? null,
              tokens: t.run.inputTokens + t.run.outputTokens,
              changes: changeKind([...t.run.toolCalls, ...t.run.children.flatMap((c) => c.toolCalls)]),
            }
          : null,
        updatedAt: t.updatedAt.toISOString(),
      }))
      .sort((a, b) => a.layer - b.layer);
    return {
      id: o.id,
      goal: o.goal,
      status: o.status,
      pausedReason: o.pausedReason,
      parallelism: o.parallelism,
      /** O6: the project's budget beside what it has used */
      project: o.project
        ? { id: o.project.id, budget: { maxRuns: o.project.maxRuns, maxMinutes: o.project.maxMinutes, maxTokens: o.project.maxTokens }, usage: await projectUsage(prisma, o.project.id) }
        : null,
      plan: o.plan,
      proposalId: o.proposalId,
      createdAt: o.createdAt.toISOString(),
      /** tickets a retry would reset (failed, and blocked behind a failure) */
      retryable: retryable(o.tickets),
      tickets,
    };
  }));
}
export type OrchestrationView = Awaited<ReturnType<typeof listOrchestrations>>[number];

/** Layers for display; a broken graph (never from a validated plan) shows flat rather than failing the read. */
function safeDepths(tickets: readonly { key: string; dependsOn: readonly string[] }[]): Int32Array | null {
  try {
    return nodeDepths(tickets);
  } catch {
    return null;
  }
}

/** O7: the pull requests tickets opened, each with the verdict for its current head (null while under review). */
async function ticketPulls(prisma: PrismaClient, ids: readonly string[]) {
  const out = new Map<string, { id: string; number: number; state: string; verdict: string | null }>();
  if (ids.length === 0) return out;
  const rows = await prisma.pullRequest.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, number: true, state: true, headSha: true, reviews: { orderBy: { createdAt: "desc" }, take: 5, select: { headSha: true, verdict: true } } },
  });
  for (const pull of rows) out.set(pull.id, { id: pull.id, number: pull.number, state: pull.state, verdict: pull.reviews.find((r) => r.headSha === pull.headSha)?.verdict ?? null });
  return out;
}
