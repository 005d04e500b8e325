import "server-only";
/**
 * Everything the room page shows, in one read: the room, its conversations,
 * messages, runs with their tool calls and decisions, pending approvals and
 * questions, and the id of the newest event so the live stream continues
 * exactly where this snapshot ends.
 */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";

const MAX_RESULT_PREVIEW = 4000;

function preview(value: unknown): unknown {
  const text = typeof value === "string" ? value : JSON.stringify(value ?? null);
  return text.length > MAX_RESULT_PREVIEW ? `${text.slice(0, MAX_RESULT_PREVIEW)}… [${text.length - MAX_RESULT_PREVIEW} more characters]` : value;
}

export async function getRoomView(prisma: PrismaClient, workspaceId: string, roomId: string) {
  const room = await prisma.room.findFirst({
    where: { id: roomId, workspaceId },
    include: {
      repository: { select: { id: true, name: true } },
      agent: { select: { id: true, name: true, provider: true, model: true, restrictModules: true, moduleAllowlist: true } },
      conversations: { select: { id: true, title: true, parentId: true, createdAt: true }, orderBy: { createdAt: "asc" } },
    },
  });
  if (!room) throw notFound("That room");
  const latest = await prisma.runEvent.findFirst({ where: { roomId }, orderBy: { id: "desc" }, select: { id: true } });
  const conversationIds = room.conversations.map((c) => c.id);
  const [messages, runs, approvals] = await Promise.all([
    prisma.message.findMany({
      where: { conversationId: { in: conversationIds } },
      orderBy: { createdAt: "desc" },
      take: 300,
    }),
    prisma.run.findMany({
      where: { roomId },
      orderBy: { createdAt: "desc" },
      take: 60,
      select: {
        id: true, conversationId: true, status: true, mode: true, outcome: true, error: true, steps: true, createdAt: true, finishedAt: true, triggerMessageId: true,
        toolCalls: { orderBy: { createdAt: "asc" }, include: { approval: { select: { id: true, status: true, decidedById: true, comment: true } } } },
      },
    }),
    prisma.approval.findMany({ where: { roomId, status: "pending" }, orderBy: { createdAt: "asc" } }),
  ]);
  const authorIds = [...new Set(messages.map((m) => m.authorId).filter((id): id is string => Boolean(id)))];
  const authors = new Map((await prisma.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]));

  return {
    room: {
      id: room.id,
      name: room.name,
      mode: room.mode,
      autonomy: room.autonomy,
      planShell: room.planShell,
      branch: room.branch,
      hasWorktree: Boolean(room.worktreePath),
      pullRequestId: room.pullRequestId,
      todos: (room.todos as { content: string; status: string }[] | null) ?? [],
      repository: room.repository,
      agent: room.agent ? { id: room.agent.id, name: room.agent.name, provider: room.agent.provider, model: room.agent.model } : null,
    },
    conversations: room.conversations.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    messages: messages.reverse().map((m) => ({
      id: m.id,
      conversationId: m.conversationId,
      role: m.role,
      authorName: m.authorId ? (authors.get(m.authorId) ?? "Someone") : null,
      runId: m.runId,
      content: m.content,
      meta: m.meta,
      createdAt: m.createdAt.toISOString(),
    })),
    runs: runs.reverse().map((r) => ({
      id: r.id,
      conversationId: r.conversationId,
      triggerMessageId: r.triggerMessageId,
      status: r.status,
      mode: r.mode,
      outcome: r.outcome,
      error: r.error,
      steps: r.steps,
      createdAt: r.createdAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      toolCalls: r.toolCalls.map((c) => ({
        callId: c.callId,
        tool: c.tool,
        tier: c.tier,
        effects: c.effects,
        args: c.args,
        mode: c.mode,
        decision: c.decision,
        reason: c.reason,
        status: c.status,
        result: preview(c.result),
        durationMs: c.durationMs,
        createdAt: c.createdAt.toISOString(),
        approval: c.approval,
      })),
    })),
    approvals: approvals.map((a) => ({ id: a.id, kind: a.kind, summary: a.summary, runId: a.runId, createdAt: a.createdAt.toISOString() })),
    lastEventId: latest?.id.toString() ?? "0",
  };
}
export type RoomView = Awaited<ReturnType<typeof getRoomView>>;
