import "server-only";
/** O6: what a project spent, per run and per ticket, beside its budget. */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { projectUsage } from "./project-budget";

export async function usageReport(prisma: PrismaClient, scope: { workspaceId: string; projectId: string }) {
  const project = await prisma.project.findFirst({ where: { id: scope.projectId, workspaceId: scope.workspaceId } });
  if (!project) throw notFound("That project");
  const now = new Date();
  const runs = await prisma.run.findMany({
    where: { projectId: project.id },
    orderBy: { createdAt: "asc" },
    select: { id: true, status: true, inputTokens: true, outputTokens: true, startedAt: true, finishedAt: true, ticket: { select: { key: true } }, agent: { select: { name: true } } },
  });
  const perRun = runs.map((r) => ({
    id: r.id,
    ticket: r.ticket?.key ?? null,
    agent: r.agent?.name ?? null,
    status: r.status,
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    seconds: r.startedAt ? ((r.finishedAt ?? now).getTime() - r.startedAt.getTime()) / 1000 : 0,
  }));
  const tickets = await prisma.ticket.findMany({ where: { projectId: project.id }, orderBy: { createdAt: "asc" }, select: { key: true, status: true, run: { select: { id: true } } } });
  const perTicket = tickets.map((t) => {
    const mine = perRun.filter((r) => r.ticket === t.key || r.id === t.run?.id);
    return { key: t.key, status: t.status, runs: mine.length, tokens: mine.reduce((n, r) => n + r.inputTokens + r.outputTokens, 0), seconds: mine.reduce((n, r) => n + r.seconds, 0) };
  });
  return {
    project: { id: project.id, name: project.name, budget: { maxRuns: project.maxRuns, maxMinutes: project.maxMinutes, maxTokens: project.maxTokens } },
    usage: await projectUsage(prisma, project.id, now),
    tickets: perTicket,
    runs: perRun,
  };
}
export type UsageReport = Awaited<ReturnType<typeof usageReport>>;
