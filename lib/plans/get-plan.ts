import "server-only";
/**
 * P2: one plan version as Plan Studio shows it — nodes, layout, the diff
 * against the previous version (or a chosen one), who decided it and the
 * orchestration it became. Scoped to the caller's workspace: a plan id from
 * another workspace is "not found", exactly like one that does not exist.
 */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { diffPlanVersions } from "./diff-plan-versions";
import { computePlanLayout, readPlanLayout, readPlanNodes } from "./stored-plan";

export interface PlanScope {
  workspaceId: string;
  /** when given, the plan must belong to this room */
  roomId?: string;
}

export async function getPlan(prisma: PrismaClient, scope: PlanScope, planId: string, options: { againstId?: string } = {}) {
  const plan = await prisma.plan.findFirst({
    where: { id: planId, room: { workspaceId: scope.workspaceId, ...(scope.roomId ? { id: scope.roomId } : {}) } },
    include: { orchestration: { select: { id: true, status: true } }, room: { select: { id: true, name: true, mode: true } } },
  });
  if (!plan) throw notFound("That plan");

  const [against, latest, decidedBy] = await Promise.all([
    options.againstId
      ? prisma.plan.findFirst({ where: { id: options.againstId, roomId: plan.roomId } })
      : prisma.plan.findFirst({ where: { roomId: plan.roomId, version: { lt: plan.version } }, orderBy: { version: "desc" } }),
    prisma.plan.findFirst({ where: { roomId: plan.roomId }, orderBy: { version: "desc" }, select: { id: true, version: true } }),
    plan.decidedById ? prisma.user.findUnique({ where: { id: plan.decidedById }, select: { id: true, name: true } }) : null,
  ]);
  if (options.againstId && !against) throw notFound("The version to compare with");

  const nodes = readPlanNodes(plan.nodes);
  const diff = against ? diffPlanVersions({ goal: against.goal, nodes: readPlanNodes(against.nodes) }, { goal: plan.goal, nodes }) : null;
  return {
    plan: {
      id: plan.id,
      roomId: plan.roomId,
      runId: plan.runId,
      version: plan.version,
      goal: plan.goal,
      author: plan.author,
      status: plan.status,
      nodes,
      layout: readPlanLayout(plan.layout, nodes) ?? computePlanLayout(nodes),
      createdAt: plan.createdAt.toISOString(),
    },
    room: plan.room,
    /** the version the diff compares with (the previous one unless another was asked for) */
    against: against ? { id: against.id, version: against.version } : null,
    diff,
    latest: latest ?? { id: plan.id, version: plan.version },
    decision:
      plan.status === "approved" || plan.status === "rejected"
        ? { status: plan.status, by: decidedBy, at: plan.decidedAt?.toISOString() ?? null, comment: plan.comment }
        : null,
    orchestration: plan.orchestration,
  };
}
export type PlanDetail = Awaited<ReturnType<typeof getPlan>>;
