import "server-only";
/** P2: a room's plan versions, newest first, each with what changed since the one before. */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { diffPlanVersions, summarizePlanDiff } from "./diff-plan-versions";
import { readPlanNodes } from "./stored-plan";

export async function listPlans(prisma: PrismaClient, scope: { workspaceId: string; roomId: string }) {
  const room = await prisma.room.findFirst({ where: { id: scope.roomId, workspaceId: scope.workspaceId }, select: { id: true } });
  if (!room) throw notFound("That room");
  const plans = await prisma.plan.findMany({ where: { roomId: room.id }, orderBy: { version: "asc" }, take: 200 });
  const versions = plans.map((plan, i) => {
    const nodes = readPlanNodes(plan.nodes);
    const before = plans[i - 1];
    const changes = before ? summarizePlanDiff(diffPlanVersions({ goal: before.goal, nodes: readPlanNodes(before.nodes) }, { goal: plan.goal, nodes })) : "first version";
    return {
      id: plan.id,
      version: plan.version,
      status: plan.status,
      goal: plan.goal,
      steps: nodes.length,
      author: plan.author,
      runId: plan.runId,
      changes,
      createdAt: plan.createdAt.toISOString(),
      decidedAt: plan.decidedAt?.toISOString() ?? null,
    };
  });
  return versions.reverse();
}
export type PlanVersionItem = Awaited<ReturnType<typeof listPlans>>[number];
