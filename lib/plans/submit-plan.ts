import "server-only";
/**
 * P1, P2: stores a validated plan as the room's next version and shows it as a
 * compact row in the conversation. Earlier undecided versions are superseded.
 */
import type { Prisma, PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import type { Plan } from "./schemas";

export interface SubmitPlanContext {
  workspaceId: string;
  roomId: string;
  runId: string | null;
  conversationId: string | null;
  /** agent name or user id */
  author: string;
}

export async function submitPlan(prisma: PrismaClient, ctx: SubmitPlanContext, plan: Plan): Promise<{ planId: string; version: number }> {
  // Two submissions racing for the same version: the unique (roomId, version) makes one retry.
  for (let attempt = 0; ; attempt++) {
    try {
      return await prisma.$transaction(async (tx) => {
        const latest = await tx.plan.findFirst({ where: { roomId: ctx.roomId }, orderBy: { version: "desc" }, select: { version: true } });
        const version = (latest?.version ?? 0) + 1;
        await tx.plan.updateMany({ where: { roomId: ctx.roomId, status: "submitted" }, data: { status: "superseded" } });
        const created = await tx.plan.create({
          data: {
            roomId: ctx.roomId,
            runId: ctx.runId,
            author: ctx.author,
            version,
            goal: plan.goal,
            nodes: plan.nodes as unknown as Prisma.InputJsonValue,
          },
        });
        if (ctx.conversationId) {
          await tx.message.create({
            data: {
              conversationId: ctx.conversationId,
              role: "assistant",
              runId: ctx.runId,
              content: `Plan v${version}: ${plan.goal}`,
              meta: { kind: "plan", planId: created.id, version, steps: plan.nodes.length },
            },
          });
        }
        await recordEvent(tx, {
          workspaceId: ctx.workspaceId,
          roomId: ctx.roomId,
          runId: ctx.runId,
          type: "plan.submitted",
          data: { planId: created.id, version, goal: plan.goal, steps: plan.nodes.length },
        });
        return { planId: created.id, version };
      });
    } catch (error) {
      if ((error as { code?: string }).code !== "P2002" || attempt >= 3) throw error;
    }
  }
}
