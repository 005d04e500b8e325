import "server-only";
/**
 * P3, S2, S3: one step of an orchestration (a pipeline). Under a row lock
 * (so two workers' ticks never both start the same ticket) it asks the pure
 * scheduler what to do, blocks the dependants of failures with the reason,
 * starts ready tickets up to the parallelism — each as a run of its hired
 * agent (O5) or the room's, in the room the step opens (S2) or joins (S3) —
 * and records the orchestration's end. A code ticket (O7) gets its own
 * worktree and branch, and a ticket in review is done once its pull
 * request's verdict is ship. A paused or cancelled pipeline starts
 * nothing. Stateless between ticks: a restarted worker (A5)
 * continues from the rows alone.
 */
import type { PrismaClient } from "../db/generated/client";
import { recordEvent } from "../events/record-event";
import { enqueueJob } from "../queue/enqueue-job";
import { stepRoom } from "../pipelines/step-room";
import { budgetReached, pauseForBudget, projectUsage } from "./project-budget";
import { queueRun } from "../runs/queue-run";
import { scheduleTickets } from "./schedule-tickets";
import { orchestrationTickJob } from "./tick-job";
import { ticketRunPrompt } from "./ticket-run-prompt";
import { openTicketWorktree, type TicketWorktree } from "./open-ticket-worktree";
import type { Prisma } from "../db/generated/client";

export interface TickResult {
  started: string[];
  blocked: string[];
  status: string;
}

export async function tickOrchestration(prisma: PrismaClient, orchestrationId: string): Promise<TickResult | null> {
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Orchestration" WHERE "id" = ${orchestrationId} FOR UPDATE`;
    const orchestration = await tx.orchestration.findUnique({
      where: { id: orchestrationId },
      include: {
        tickets: { orderBy: { createdAt: "asc" } },
        room: { select: { id: true, workspaceId: true, agentId: true, conversations: { where: { parentId: null }, orderBy: { createdAt: "asc" }, take: 1, select: { id: true } } } },
        plan: { select: { version: true, run: { select: { conversationId: true } } } },
        project: true,
      },
    });
    if (!orchestration || orchestration.status !== "running") return null;
    const { room } = orchestration;
    const scope = { workspaceId: room.workspaceId, roomId: room.id };
    const conversationId = orchestration.plan?.run?.conversationId ?? room.conversations[0]?.id ?? null;

    // O7: a ticket in review is done once the verdict for its pull request's current head is ship; a new
    // hold or block is recorded in the pipeline's room, so people watching the pipeline see it there.
    for (const ticket of orchestration.tickets) {
      if (ticket.status !== "in_review" || !ticket.pullRequestId) continue;
      const verdict = await verdictAtHead(tx, ticket.pullRequestId);
      if (verdict !== ticket.verdict) {
        await tx.ticket.updateMany({ where: { id: ticket.id, status: "in_review" }, data: { verdict } });
        if (verdict) await recordEvent(tx, { ...scope, type: "ticket.verdict", data: { orchestrationId, key: ticket.key, pullRequestId: ticket.pullRequestId, verdict } });
      }
      if (verdict !== "ship") continue;
      const { count } = await tx.ticket.updateMany({ where: { id: ticket.id, status: "in_review" }, data: { status: "succeeded", resolution: "ship", error: null } });
      if (count === 0) continue;
      ticket.status = "succeeded";
      await recordEvent(tx, { ...scope, type: "ticket.finished", data: { orchestrationId, key: ticket.key, status: "succeeded" } });
    }

    const decision = scheduleTickets(orchestration.tickets, orchestration.parallelism);
    for (const block of decision.block) {
      await tx.ticket.updateMany({ where: { orchestrationId, key: block.key, status: "pending" }, data: { status: "blocked", error: block.reason } });
      await recordEvent(tx, { ...scope, type: "ticket.blocked", data: { orchestrationId, key: block.key, reason: block.reason } });
    }

    let status = decision.status;
    // O6: usage so far, counted up as this tick starts runs.
    const { project } = orchestration;
    const usage = project ? await projectUsage(tx, project.id) : null;
    for (const key of decision.start) {
      const ticket = orchestration.tickets.find((t) => t.key === key)!;
      if (project && usage) {
        const reached = budgetReached(usage, project, true);
        if (reached) {
          await pauseForBudget(tx, project.id, reached);
          return { started: decision.start.slice(0, decision.start.indexOf(key)), blocked: decision.block.map((b) => b.key), status: "paused" };
        }
        usage.runs += 1;
      }
      const agentId = ticket.agentId ?? room.agentId;
      // An archived agent starts no runs: the ticket fails saying so, and a retry after restoring it runs.
      const archived = agentId ? (await tx.agent.findUnique({ where: { id: agentId }, select: { name: true, archivedAt: true } })) : null;
      if (!agentId || archived?.archivedAt) {
        const error = agentId ? `The agent ${archived!.name} is archived; restore it in Settings → Agents and retry the ticket.` : "This room has no agent to run the ticket; pick one for the room and retry.";
        await tx.ticket.update({ where: { id: ticket.id }, data: { status: "failed", error } });
        status = "running"; // the next tick blocks its dependants and settles the status
        await enqueueJob(tx, orchestrationTickJob(orchestrationId));
        continue;
      }
      // O7: a ticket that changes code works in a room and worktree of its own, on its own branch.
      const code = ticket.kind === "agent" && project?.repositoryId && project.baseBranch ? { repositoryId: project.repositoryId, baseBranch: project.baseBranch } : null;
      let worktree: TicketWorktree | null = null;
      if (code && !ticket.branch) {
        try {
          worktree = await openTicketWorktree({ ...code, project: project!, ticket });
        } catch (error) {
          await tx.ticket.update({ where: { id: ticket.id }, data: { status: "failed", error: `Could not make the ticket's branch from ${code.baseBranch}: ${(error as Error).message.slice(0, 300)}` } });
          status = "running";
          await enqueueJob(tx, orchestrationTickJob(orchestrationId));
          continue;
        }
      }
      const branch = worktree?.branch ?? ticket.branch;
      const prompt = ticketRunPrompt(orchestration.goal, ticket, orchestration.tickets, code && branch ? { branch, baseBranch: code.baseBranch } : null);
      const step = code ? { ...ticket, opensRoom: true } : ticket;
      const where = await stepRoom(tx, { workspaceId: room.workspaceId, parentRoomId: room.id, orchestrationId, step, agentId, worktree });
      // A joined room is the pipeline's own: its run continues the planning conversation.
      const runConversationId = where.roomId === room.id ? conversationId : where.conversationId;
      if (runConversationId) {
        // A line before the run, so people reading the conversation see which ticket the run works on.
        await tx.message.create({
          data: { conversationId: runConversationId, role: "system", content: `Ticket ${key} started: ${ticket.title}`, meta: { kind: "ticket", orchestrationId, key } },
        });
      }
      const run = await queueRun(tx, {
        workspaceId: room.workspaceId,
        roomId: where.roomId,
        conversationId: runConversationId,
        agentId,
        kind: "ticket",
        ticketId: ticket.id,
        messages: [{ role: "user", content: prompt }],
      });
      if (project) await tx.run.update({ where: { id: run.id }, data: { projectId: project.id } });
      await tx.ticket.update({
        where: { id: ticket.id },
        data: { status: "running", error: null, result: null, stepRoomId: where.roomId, ...(worktree ? { branch: worktree.branch, baseSha: worktree.baseSha } : {}) },
      });
      await recordEvent(tx, { ...scope, runId: run.id, type: "ticket.started", data: { orchestrationId, key, title: ticket.title } });
    }

    if (decision.finished && status !== "running") {
      await tx.orchestration.update({ where: { id: orchestrationId }, data: { status } });
      await recordEvent(tx, { ...scope, type: "orchestration.finished", data: { orchestrationId, status } });
      if (conversationId) {
        const failed = orchestration.tickets.filter((t) => t.status === "failed").length;
        const text =
          status === "succeeded"
            ? `All ${orchestration.tickets.length} tickets of the approved plan succeeded.`
            : `The orchestration stopped: ${failed} ${failed === 1 ? "ticket" : "tickets"} failed and the tickets after them are blocked. Retry them in Plan Studio.`;
        await tx.message.create({ data: { conversationId, role: "system", content: text, meta: { kind: "orchestration", orchestrationId, status } } });
      }
    }
    // A backstop for the wake-ups a verdict sends (a run settling, gates at a head, a stored
    // "review.published"): while a ticket waits in review, look again after a while, so a wake
    // lost to a crash or a race costs seconds, never a pipeline stuck for good. Its own key:
    // a delayed job under the tick's key would hold back the immediate wake-ups behind it.
    if (orchestration.tickets.some((t) => t.status === "in_review")) {
      await enqueueJob(tx, orchestrationTickJob(orchestrationId, new Date(Date.now() + REVIEW_RECHECK_MS), `orchestration-recheck:${orchestrationId}`));
    }
    return { started: decision.start, blocked: decision.block.map((b) => b.key), status };
  });
}

/** How long a pipeline with a ticket in review waits before it re-reads the verdicts on its own. */
const REVIEW_RECHECK_MS = 10_000;

/** O7: the newest verdict formed for the pull request's current head (older heads' verdicts do not count, R8); null before one. */
async function verdictAtHead(tx: Prisma.TransactionClient, pullRequestId: string): Promise<string | null> {
  const pull = await tx.pullRequest.findUnique({ where: { id: pullRequestId }, select: { headSha: true } });
  if (!pull) return null;
  const latest = await tx.review.findFirst({ where: { pullRequestId, headSha: pull.headSha }, orderBy: { createdAt: "desc" }, select: { verdict: true } });
  return latest?.verdict ?? null;
}
