import "server-only";
/**
 * O7: a code ticket's run finished; its work becomes a pull request in
 * Gatehouse. What the run left uncommitted is committed on the ticket's
 * branch; a branch with nothing new completes the ticket as "no changes";
 * otherwise the branch is opened as a pull request against the project's
 * base branch with lib/pulls' own open (so the review room, the review run and
 * the gates are exactly those of any pull request), on behalf of the person
 * who approved the work. The ticket stays "in review" until the verdict for
 * the pull request's head is ship or a person overrides it.
 *
 * Idempotent: a worker that dies after opening the pull request and before
 * recording it finds it again on the next attempt through the duplicate
 * refusal (one open pull request per head and base), never opening a second.
 */
import type { Database } from "../db/client";
import type { Prisma as Db, PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { lockOrchestration } from "../orchestration/lock-orchestration";
import { orchestrationTickJob } from "../orchestration/tick-job";
import { openPullRequest } from "../pulls/open-pull-request";
import { enqueueJob } from "../queue/enqueue-job";
import { pushRoomWork } from "../hosts/push-room-work";
import { commitLeftovers, NestedRepositoryError } from "../repos/commit-leftovers";
import { worktreeGit } from "../repos/mirror-paths";
import { SandboxedGitError } from "../repos/sandbox-git-step";
import { SandboxUnavailableError } from "../sandbox/run-in-sandbox";
import { AGENT_AUTHOR } from "../tools/git-commit";
import type { WorkspaceActor } from "../workspaces/actor";

export async function deliverTicket(db: Pick<Database, "prisma">, ticketId: string): Promise<void> {
  const { prisma } = db;
  const ticket = await prisma.ticket.findUnique({
    where: { id: ticketId },
    include: {
      orchestration: {
        select: {
          id: true,
          roomId: true,
          room: { select: { workspaceId: true } },
          project: { select: { repositoryId: true, baseBranch: true } },
          proposal: { select: { decidedById: true } },
          plan: { select: { decidedById: true } },
        },
      },
    },
  });
  if (!ticket?.orchestration || ticket.status !== "in_review" || !ticket.branch || !ticket.baseSha) return;
  const { orchestration } = ticket;
  const workspaceId = orchestration.room.workspaceId;
  if (ticket.pullRequestId) {
    await enqueueJob(prisma, orchestrationTickJob(orchestration.id));
    return;
  }
  const { repositoryId, baseBranch } = orchestration.project ?? {};
  const room = ticket.stepRoomId ? await prisma.room.findUnique({ where: { id: ticket.stepRoomId }, select: { worktreePath: true, repositoryId: true } }) : null;
  const recorded = room ? worktreeGit(room.repositoryId, room.worktreePath) : null;
  if (!repositoryId || !baseBranch || !room?.worktreePath || !recorded) {
    return fail(prisma, ticket, orchestration, "The ticket's worktree or its project's repository is gone, so its work cannot be opened as a pull request.");
  }

  let head: string;
  try {
    head = await commitLeftovers({ path: room.worktreePath, git: recorded, workspaceId }, `${ticket.key}: ${ticket.title}`, AGENT_AUTHOR);
  } catch (error) {
    if (error instanceof NestedRepositoryError) return fail(prisma, ticket, orchestration, `The ticket's changes could not be committed: ${error.message}.`);
    // H6: staged in the sandbox; a step that cannot run (or that git refuses) fails the ticket saying why.
    if (error instanceof SandboxUnavailableError || error instanceof SandboxedGitError) return fail(prisma, ticket, orchestration, `The ticket's changes could not be committed: ${error.message}`);
    throw error;
  }
  if (head === ticket.baseSha) return noChanges(prisma, ticket, orchestration, workspaceId);
  // Issue 24: the commit leaves this host's disk before a pull request names it.
  await pushRoomWork(prisma, ticket.stepRoomId!);

  const actor = await approver(prisma, workspaceId, orchestration.proposal?.decidedById ?? orchestration.plan?.decidedById ?? null);
  if (!actor) return fail(prisma, ticket, orchestration, "The person who approved this work is no longer a member who may open pull requests; retry the ticket once someone who can has taken it over.");
  // O7: the ticket names its pull request in the transaction that opens it, so the review run
  // queued there always finds the ticket's acceptance criteria and scope.
  const record = async (tx: Db.TransactionClient, pull: { id: string; number: number }) => {
    await lockOrchestration(tx, orchestration.id);
    const { count } = await tx.ticket.updateMany({ where: { id: ticket.id, status: "in_review", pullRequestId: null }, data: { pullRequestId: pull.id } });
    if (count === 0) return;
    await recordEvent(tx, { workspaceId, roomId: orchestration.roomId, type: "ticket.pull_opened", data: { orchestrationId: orchestration.id, key: ticket.key, pullRequestId: pull.id, number: pull.number } });
    await say(tx, orchestration.roomId, `Ticket ${ticket.key} opened pull request #${pull.number} from ${ticket.branch} into ${baseBranch}; it is done when the review's verdict is ship or a person overrides it.`, { kind: "ticket", orchestrationId: orchestration.id, key: ticket.key, pullRequestId: pull.id });
    await enqueueJob(tx, orchestrationTickJob(orchestration.id));
  };
  try {
    await openPullRequest(prisma, actor, { repositoryId, baseRef: baseBranch, headRef: ticket.branch, title: `${ticket.key}: ${ticket.title}`.slice(0, 200) }, "api", record);
  } catch (error) {
    // A previous attempt opened it and died before its transaction could record it: the refusal names it.
    const existing = error instanceof AppError && error.code === "conflict" ? (error.details as { pullRequestId?: string; number?: number } | undefined) : undefined;
    if (!existing?.pullRequestId || existing.number === undefined) throw error;
    const pull = { id: existing.pullRequestId, number: existing.number };
    await prisma.$transaction((tx) => record(tx, pull));
  }
}

type TicketRow = { id: string; key: string; result: string | null };
type OrchestrationRow = { id: string; roomId: string; room: { workspaceId: string } };

/** O7: nothing changed, so there is nothing to review: the ticket is done and says so. */
async function noChanges(prisma: PrismaClient, ticket: TicketRow, orchestration: OrchestrationRow, workspaceId: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await lockOrchestration(tx, orchestration.id);
    const summary = ticket.result?.trim();
    const { count } = await tx.ticket.updateMany({
      where: { id: ticket.id, status: "in_review", pullRequestId: null },
      data: { status: "succeeded", resolution: "no_changes", result: `No changes.${summary ? ` ${summary}` : ""}` },
    });
    if (count === 0) return;
    await recordEvent(tx, { workspaceId, roomId: orchestration.roomId, type: "ticket.no_changes", data: { orchestrationId: orchestration.id, key: ticket.key } });
    await recordEvent(tx, { workspaceId, roomId: orchestration.roomId, type: "ticket.finished", data: { orchestrationId: orchestration.id, key: ticket.key, status: "succeeded" } });
    await say(tx, orchestration.roomId, `Ticket ${ticket.key} finished with no changes, so no pull request was opened.`, { kind: "ticket", orchestrationId: orchestration.id, key: ticket.key });
    await enqueueJob(tx, orchestrationTickJob(orchestration.id));
  });
}

async function fail(prisma: PrismaClient, ticket: TicketRow, orchestration: OrchestrationRow, error: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await lockOrchestration(tx, orchestration.id);
    const { count } = await tx.ticket.updateMany({ where: { id: ticket.id, status: "in_review", pullRequestId: null }, data: { status: "failed", error } });
    if (count === 0) return;
    await recordEvent(tx, { workspaceId: orchestration.room.workspaceId, roomId: orchestration.roomId, type: "ticket.finished", data: { orchestrationId: orchestration.id, key: ticket.key, status: "failed" } });
    await enqueueJob(tx, orchestrationTickJob(orchestration.id));
  });
}

/** The approver as a workspace actor, with the role they hold now (a removed member opens nothing). */
async function approver(prisma: PrismaClient, workspaceId: string, userId: string | null): Promise<WorkspaceActor | null> {
  if (!userId) return null;
  const membership = await prisma.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } }, select: { role: true } });
  if (!membership || membership.role === "viewer") return null;
  return { workspaceId, userId, role: membership.role };
}

async function say(tx: Pick<PrismaClient, "conversation" | "message">, roomId: string, content: string, meta: Record<string, string>): Promise<void> {
  const conversation = await tx.conversation.findFirst({ where: { roomId, parentId: null }, orderBy: { createdAt: "asc" }, select: { id: true } });
  if (conversation) await tx.message.create({ data: { conversationId: conversation.id, role: "system", content, meta } });
}
