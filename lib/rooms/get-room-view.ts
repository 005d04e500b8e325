import "server-only";
/**
 * The room page's head, in one read: the room, its conversations, pending
 * approvals and questions, and the id of the newest event so the live stream
 * continues exactly where this snapshot ends. The conversation itself pages
 * separately (./get-room-history.ts), so this stays the same size however long
 * the room has lived.
 */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { latestEventId } from "../events/latest-event-id";
import { readStoredTodos } from "./stored-todos";

export async function getRoomView(prisma: PrismaClient, workspaceId: string, roomId: string) {
  // One round trip's wait instead of three: the reads are independent (a room of another workspace finds no events or approvals either).
  const [room, lastEventId, approvals] = await Promise.all([
    prisma.room.findFirst({
      where: { id: roomId, workspaceId },
      include: {
        repository: { select: { id: true, name: true } },
        agent: { select: { id: true, name: true, provider: true, model: true, restrictModules: true, moduleAllowlist: true } },
        conversations: { select: { id: true, title: true, parentId: true, createdAt: true }, orderBy: { createdAt: "asc" } },
      },
    }),
    latestEventId(prisma, { roomId, workspaceId }),
    prisma.approval.findMany({ where: { roomId, workspaceId, status: "pending" }, orderBy: { createdAt: "asc" } }),
  ]);
  if (!room) throw notFound("That room");

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
      todos: readStoredTodos(room.todos),
      repository: room.repository,
      agent: room.agent ? { id: room.agent.id, name: room.agent.name, provider: room.agent.provider, model: room.agent.model } : null,
    },
    conversations: room.conversations.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    approvals: approvals.map((a) => ({ id: a.id, kind: a.kind, summary: a.summary, runId: a.runId, createdAt: a.createdAt.toISOString() })),
    lastEventId,
  };
}
export type RoomView = Awaited<ReturnType<typeof getRoomView>>;
