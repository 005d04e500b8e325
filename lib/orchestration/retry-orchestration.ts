import "server-only";
/**
 * P3: "the rest can be retried". Failed tickets and the tickets blocked behind
 * them go back to pending and the orchestration ticks again; tickets that
 * succeeded keep their results. Each retried ticket gets a fresh run (the old
 * run stays in the conversation but no longer belongs to the ticket).
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { enqueueJob } from "../queue/enqueue-job";
import { retryable } from "./schedule-tickets";
import { orchestrationTickJob } from "./tick-job";

export async function retryOrchestration(
  prisma: PrismaClient,
  ctx: { workspaceId: string; roomId: string; orchestrationId: string; userId: string; /** S2: retry this failed step and the steps blocked behind it */ key?: string },
) {
  return prisma.$transaction(async (tx) => {
    const found = await tx.orchestration.findFirst({ where: { id: ctx.orchestrationId, roomId: ctx.roomId, room: { workspaceId: ctx.workspaceId } }, select: { id: true, status: true } });
    if (!found) throw notFound("That orchestration");
    // The same lock as a tick: a retry never interleaves with a scheduling step.
    await tx.$queryRaw`SELECT "id" FROM "Orchestration" WHERE "id" = ${found.id} FOR UPDATE`;
    const tickets = await tx.ticket.findMany({ where: { orchestrationId: found.id }, orderBy: { createdAt: "asc" } });
    if (found.status === "cancelled") throw new AppError("conflict", "The pipeline was cancelled; it cannot be retried.");
    const keys = retryable(tickets, ctx.key);
    if (keys.length === 0) {
      throw new AppError("conflict", ctx.key ? `Nothing to retry: step ${JSON.stringify(ctx.key)} has not failed.` : "Nothing to retry: no ticket has failed or is blocked.");
    }

    const ids = tickets.filter((t) => keys.includes(t.key)).map((t) => t.id);
    await tx.run.updateMany({ where: { ticketId: { in: ids } }, data: { ticketId: null } });
    await tx.ticket.updateMany({ where: { id: { in: ids } }, data: { status: "pending", error: null, result: null } });
    // A paused pipeline stays paused: the retried steps start when it resumes.
    if (found.status !== "paused") await tx.orchestration.update({ where: { id: found.id }, data: { status: "running" } });
    await recordAudit(tx, { workspaceId: ctx.workspaceId, actorId: ctx.userId, action: "orchestration.retried", targetType: "orchestration", targetId: found.id, data: { tickets: keys } });
    await recordEvent(tx, { workspaceId: ctx.workspaceId, roomId: ctx.roomId, type: "orchestration.retried", data: { orchestrationId: found.id, tickets: keys, by: ctx.userId } });
    await enqueueJob(tx, orchestrationTickJob(found.id));
    return { orchestrationId: found.id, retried: keys };
  });
}
