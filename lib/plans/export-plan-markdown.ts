import "server-only";
/** A2: a stored plan as a Markdown plan file (PLAN.md), with finished tickets checked off. */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { planToMarkdown } from "./plan-to-markdown";
import { readPlanNodes } from "./stored-plan";

export async function exportPlanMarkdown(prisma: PrismaClient, scope: { workspaceId: string; roomId: string }, planId: string): Promise<string> {
  const plan = await prisma.plan.findFirst({
    where: { id: planId, roomId: scope.roomId, room: { workspaceId: scope.workspaceId } },
    include: { orchestration: { select: { tickets: { where: { status: "succeeded" }, select: { key: true } } } } },
  });
  if (!plan) throw notFound("That plan");
  return planToMarkdown(
    { goal: plan.goal, nodes: readPlanNodes(plan.nodes) },
    { version: plan.version, status: plan.status, done: plan.orchestration?.tickets.map((t) => t.key) ?? [] },
  );
}
