import "server-only";
/**
 * O2, O3, O5: a person approves an orchestration proposal in the UI. In one
 * transaction: the proposal is approved (only while pending — a superseded or
 * rejected one is refused, O8), each role is hired as an agent (hire-agents),
 * a project carrying the proposal's budget (O6) groups the tickets, each
 * ticket is assigned to its role's agent (the synthesis step to the proposer),
 * and the generated pipeline starts. Reachable only through a signed-in
 * person's route: no agent tool and no MCP tool calls it (O3).
 */
import { recordAudit } from "../audit/record-audit";
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { PIPELINE_EVENTS } from "../pipelines/pipeline-events";
import { switchRoomToAgent } from "../plans/switch-room-to-agent";
import { createOrchestration } from "./create-orchestration";
import { hireAgents } from "./hire-agents";
import { projectRepository } from "./project-repository";
import { flattenProposal, validateProposal } from "../plans/proposal";

export async function approveProposal(prisma: PrismaClient, ctx: { workspaceId: string; roomId: string; proposalId: string; userId: string }) {
  const proposal = await prisma.orchestrationProposal.findFirst({
    where: { id: ctx.proposalId, roomId: ctx.roomId, room: { workspaceId: ctx.workspaceId } },
    include: { room: { select: { name: true, agent: true, repository: { select: { id: true, defaultBranch: true } } } } },
  });
  if (!proposal) throw notFound("That proposal");
  if (proposal.status !== "pending") throw notPending(proposal.status);
  const parsed = validateProposal(proposal.payload);
  if (!parsed.ok) throw new AppError("unprocessable", `The stored proposal is invalid and cannot be approved: ${parsed.errors.join("; ")}`);
  // The proposer is the agent whose run proposed; a proposal recorded without a run is the room's agent's.
  const run = proposal.runId ? await prisma.run.findUnique({ where: { id: proposal.runId }, select: { agent: true } }) : null;
  const proposer = run?.agent ?? proposal.room.agent;
  if (!proposer || proposer.workspaceId !== ctx.workspaceId) {
    throw new AppError("unprocessable", "The agent that proposed this is gone, so there is no one to hire from; pick an agent for the room and ask for a new proposal.");
  }
  const roles = new Map(parsed.proposal.roles.map((r) => [r.name, r.description]));
  const drafts = flattenProposal(parsed.proposal);
  const { budget } = parsed.proposal;
  const now = new Date();

  return prisma.$transaction(async (tx) => {
    const { count } = await tx.orchestrationProposal.updateMany({
      where: { id: proposal.id, status: "pending" },
      data: { status: "approved", decidedById: ctx.userId, decidedAt: now },
    });
    if (count === 0) {
      const current = await tx.orchestrationProposal.findUniqueOrThrow({ where: { id: proposal.id }, select: { status: true } });
      throw notPending(current.status);
    }
    const { hired, created, reused } = await hireAgents(tx, ctx.workspaceId, parsed.proposal.roles, proposer);
    const goal = parsed.proposal.synthesis.title;
    const project = await tx.project.create({
      data: {
        workspaceId: ctx.workspaceId,
        name: goal,
        maxRuns: budget.maxRuns,
        maxMinutes: budget.maxMinutes,
        maxTokens: budget.maxTokens ?? null,
        // O7: code tickets branch from the room's repository and open pull requests against its default branch.
        ...projectRepository(proposal.room.repository),
      },
    });
    const tickets = drafts.map((t) => ({
      key: t.key,
      title: t.title,
      dependsOn: t.dependsOn,
      kind: t.role ? ("agent" as const) : ("synthesis" as const),
      agentId: t.role ? hired.get(t.role)! : proposer.id,
      // The hired agent reads its role with the work, so its brief travels with the ticket.
      description: t.role ? `Role: ${t.role}${roles.get(t.role) ? ` (${roles.get(t.role)})` : ""}\n\n${t.description}` : t.description,
      acceptance: t.acceptance,
      scope: t.scope,
    }));
    const orchestration = await createOrchestration(tx, { roomId: ctx.roomId, proposalId: proposal.id, projectId: project.id, goal, tickets });
    await recordAudit(tx, {
      workspaceId: ctx.workspaceId,
      actorId: ctx.userId,
      action: "proposal.approved",
      targetType: "proposal",
      targetId: proposal.id,
      data: { orchestrationId: orchestration.id, projectId: project.id, hired: created, reused },
    });
    const scope = { workspaceId: ctx.workspaceId, roomId: ctx.roomId };
    await recordEvent(tx, { ...scope, type: PIPELINE_EVENTS.agentsHired, data: { orchestrationId: orchestration.id, created, reused } });
    await recordEvent(tx, { ...scope, type: "orchestration.started", data: { orchestrationId: orchestration.id, proposalId: proposal.id, projectId: project.id, tickets: tickets.length } });
    await switchRoomToAgent(tx, { ...scope, userId: ctx.userId, via: "proposal_approved", note: "Settled by approving an orchestration proposal.", now });
    return { proposalId: proposal.id, orchestrationId: orchestration.id, projectId: project.id, hired: created, reused };
  });
}

/** O8: a superseded proposal can no longer be approved; say which one to decide instead. */
function notPending(status: string): AppError {
  if (status === "superseded") return new AppError("conflict", "This proposal was superseded by a newer proposal from the same room; decide the newest one. Nothing was changed.");
  return new AppError("conflict", `This proposal was already ${status}; nothing was changed.`);
}
