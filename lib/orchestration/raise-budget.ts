import "server-only";
/**
 * O6: a person raises a project's budget. The new limits are stored, the
 * pending budget items of the pipeline's room are settled, and a pipeline the
 * budget paused resumes: its next tick starts what is ready and its runs held
 * before a model call are queued again (each re-checks the budget first).
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { PIPELINE_EVENTS } from "../pipelines/pipeline-events";
import { advanceRunJob, enqueueJob } from "../queue/enqueue-job";
import type { RaiseBudgetBody } from "./request-schemas";
import { budgetReached, projectUsage } from "./project-budget";
import { orchestrationTickJob } from "./tick-job";

export async function raiseBudget(prisma: PrismaClient, ctx: { workspaceId: string; projectId: string; userId: string } & RaiseBudgetBody) {
  return prisma.$transaction(async (tx) => {
    const project = await tx.project.findFirst({ where: { id: ctx.projectId, workspaceId: ctx.workspaceId }, include: { orchestration: { select: { id: true, roomId: true } } } });
    if (!project) throw notFound("That project");
    const limits = {
      maxRuns: ctx.maxRuns ?? project.maxRuns,
      maxMinutes: ctx.maxMinutes ?? project.maxMinutes,
      maxTokens: ctx.maxTokens ?? project.maxTokens,
    };
    const still = budgetReached(await projectUsage(tx, project.id), limits, false);
    if (still) throw new AppError("unprocessable", `The new budget is still reached (${still}); raise it above what is already used.`);
    await tx.project.update({ where: { id: project.id }, data: limits });
    await recordAudit(tx, { workspaceId: ctx.workspaceId, actorId: ctx.userId, action: "project.budget_raised", targetType: "project", targetId: project.id, data: limits });
    const o = project.orchestration;
    if (!o) return { projectId: project.id, ...limits, resumed: false };
    await tx.$queryRaw`SELECT "id" FROM "Orchestration" WHERE "id" = ${o.id} FOR UPDATE`;
    const scope = { workspaceId: ctx.workspaceId, roomId: o.roomId };
    await tx.approval.updateMany({ where: { roomId: o.roomId, kind: "budget", status: "pending" }, data: { status: "approved", decidedById: ctx.userId, decidedAt: new Date() } });
    await recordEvent(tx, { ...scope, type: PIPELINE_EVENTS.budgetRaised, data: { orchestrationId: o.id, projectId: project.id, ...limits, by: ctx.userId } });
    const { count } = await tx.orchestration.updateMany({ where: { id: o.id, status: "paused", pausedReason: { startsWith: "Budget reached" } }, data: { status: "running", pausedReason: null } });
    if (count === 0) return { projectId: project.id, ...limits, resumed: false };
    await recordEvent(tx, { ...scope, type: PIPELINE_EVENTS.resumed, data: { orchestrationId: o.id, by: ctx.userId, reason: "budget raised" } });
    await enqueueJob(tx, orchestrationTickJob(o.id));
    const held = await tx.run.findMany({ where: { projectId: project.id, status: "waiting" }, select: { id: true } });
    for (const run of held) await enqueueJob(tx, advanceRunJob(run.id));
    return { projectId: project.id, ...limits, resumed: true };
  });
}
