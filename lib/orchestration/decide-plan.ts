import "server-only";
/**
 * P3: a person decides a plan version.
 *
 * Approve — only the latest submitted version, as one conditional update, so
 * two people approving at once get one orchestration and one 409. In the
 * same transaction: the plan's tickets are created and queued, the room the
 * plan came from switches back to Agent mode (audited with who), an open
 * "leave plan mode" request is settled by this very decision, and the run that
 * submitted the plan records the A4 outcome "plan_approved".
 *
 * Reject — the version is rejected with the comment; the agent may submit a
 * revised one, which becomes the next version.
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { compilePlan } from "./compile-plan";
import { createOrchestration } from "./create-orchestration";
import { projectRepository } from "./project-repository";
import type { DecidePlanBody } from "../plans/request-schemas";
import { readPlanNodes } from "../plans/stored-plan";
import { switchRoomToAgent } from "../plans/switch-room-to-agent";

export interface DecidePlanInput extends DecidePlanBody {
  workspaceId: string;
  roomId: string;
  planId: string;
  userId: string;
}

export async function decidePlan(prisma: PrismaClient, input: DecidePlanInput) {
  const plan = await prisma.plan.findFirst({
    where: { id: input.planId, roomId: input.roomId, room: { workspaceId: input.workspaceId } },
    include: { run: { select: { conversationId: true } }, room: { select: { repository: { select: { id: true, defaultBranch: true } } } } },
  });
  if (!plan) throw notFound("That plan");
  if (plan.status !== "submitted") throw alreadyDecided(plan.version, plan.status);
  // Compiled before the transaction: a graph that cannot compile changes nothing.
  const tickets = input.decision === "approve" ? compilePlan({ goal: plan.goal, nodes: readPlanNodes(plan.nodes) }) : [];
  const user = await prisma.user.findUniqueOrThrow({ where: { id: input.userId }, select: { name: true } });
  const status = input.decision === "approve" ? "approved" : "rejected";
  const comment = input.comment?.trim() || null;
  const now = new Date();
  const scope = { workspaceId: input.workspaceId, roomId: plan.roomId };

  return prisma.$transaction(async (tx) => {
    const { count } = await tx.plan.updateMany({
      where: { id: plan.id, status: "submitted" },
      data: { status, decidedById: input.userId, decidedAt: now, comment },
    });
    if (count === 0) {
      const current = await tx.plan.findUniqueOrThrow({ where: { id: plan.id }, select: { status: true } });
      throw alreadyDecided(plan.version, current.status);
    }
    await tx.approval.updateMany({
      where: { roomId: plan.roomId, kind: "plan", status: "pending", planId: plan.id },
      data: { status, decidedById: input.userId, decidedAt: now, comment },
    });
    await recordAudit(tx, { workspaceId: input.workspaceId, actorId: input.userId, action: `plan.${status}`, targetType: "plan", targetId: plan.id, data: { version: plan.version, comment } });
    await recordEvent(tx, { ...scope, runId: plan.runId, type: "plan.decided", data: { planId: plan.id, version: plan.version, status, by: input.userId } });

    const conversationId = plan.run?.conversationId ?? (await tx.conversation.findFirst({ where: { roomId: plan.roomId, parentId: null }, orderBy: { createdAt: "asc" }, select: { id: true } }))?.id;
    let orchestrationId: string | null = null;
    if (status === "approved") {
      // P3 on the same machinery as an approved proposal (O5–O7): a project groups the tickets, and
      // code tickets branch from the room's repository and end in pull requests. A plan carries no budget.
      const project = await tx.project.create({ data: { workspaceId: input.workspaceId, name: plan.goal, ...projectRepository(plan.room.repository) } });
      const orchestration = await createOrchestration(tx, { roomId: plan.roomId, planId: plan.id, projectId: project.id, goal: plan.goal, tickets });
      orchestrationId = orchestration.id;
      await recordEvent(tx, { ...scope, type: "orchestration.started", data: { orchestrationId, planId: plan.id, projectId: orchestration.projectId ?? undefined, tickets: tickets.length } });
      await switchRoomToAgent(tx, { ...scope, userId: input.userId, via: "plan_approved", note: `Settled by approving plan v${plan.version}.`, now });
      if (plan.runId) await tx.run.updateMany({ where: { id: plan.runId }, data: { outcome: "plan_approved" } });
    }
    if (conversationId) {
      const meta = { kind: "plan-decision", planId: plan.id, status };
      if (status === "approved") {
        const text = `${user.name} approved plan v${plan.version}: ${tickets.length} tickets run in dependency order, and the room is back in Agent mode.`;
        await tx.message.create({ data: { conversationId, role: "system", content: text, meta } });
      } else {
        // The person's words to the agent: part of the conversation the agent reads on its next run, so a revision can answer them.
        const said = comment ? ` ${comment}${/[.!?…]$/.test(comment) ? "" : "."}` : "";
        const text = `I rejected plan v${plan.version}.${said} Please revise it and submit a new version.`;
        await tx.message.create({ data: { conversationId, role: "user", authorId: input.userId, content: text, meta } });
      }
    }
    return { planId: plan.id, version: plan.version, status, orchestrationId };
  });
}

function alreadyDecided(version: number, status: string): AppError {
  if (status === "superseded") return new AppError("conflict", `Plan v${version} was superseded by a newer version; decide the latest one. Nothing was changed.`);
  return new AppError("conflict", `Plan v${version} was already ${status}; nothing was changed.`);
}
