import "server-only";
/**
 * P1, P2: stores a validated plan as the room's next version, with its Plan
 * Studio layout, and shows it as a compact row in the conversation. Earlier
 * undecided versions are superseded. The room keeps one pending "plan"
 * approval (the inbox row), which always points at the newest version.
 */
import type { Prisma, PrismaClient } from "../db/generated/client";
import { retryOnUniqueViolation } from "../db/unique-violation";
import { recordEvent } from "../events/record-event";
import { assertRoomScope } from "../rooms/assert-room-scope";
import type { Plan } from "./schemas";
import { computePlanLayout } from "./stored-plan";

export interface SubmitPlanContext {
  workspaceId: string;
  roomId: string;
  runId: string | null;
  conversationId: string | null;
  /** agent name or user id */
  author: string;
}

export async function submitPlan(prisma: PrismaClient, ctx: SubmitPlanContext, plan: Plan): Promise<{ planId: string; version: number }> {
  // Laid out once here (pure, outside the transaction) so Plan Studio opens without computing it.
  const layout = computePlanLayout(plan.nodes) as unknown as Prisma.InputJsonValue;
  // Two submissions racing for the same version: the unique (roomId, version) makes one retry.
  return retryOnUniqueViolation(
    () =>
      prisma.$transaction(async (tx) => {
        // S4: only into a room (and conversation) of the submitter's workspace.
        await assertRoomScope(tx, ctx);
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
            layout,
          },
        });
        // After the plan insert: a racing submission waits on (roomId, version) and
        // retries, so it sees this approval instead of opening a second one.
        const summary = `Plan v${version}: ${plan.goal}`.slice(0, 500);
        const { count } = await tx.approval.updateMany({
          where: { roomId: ctx.roomId, kind: "plan", status: "pending" },
          data: { planId: created.id, summary, runId: ctx.runId },
        });
        if (count === 0) {
          await tx.approval.create({
            data: { workspaceId: ctx.workspaceId, roomId: ctx.roomId, runId: ctx.runId, kind: "plan", planId: created.id, summary },
          });
        }
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
      }),
    { attempts: 4 },
  );
}
