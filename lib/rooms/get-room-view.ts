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
import { profileView } from "../modes/profile-view";
import { parseStoredPolicy, selectableProfiles } from "../modes/resolve-profile";
import { roomProfile } from "../modes/room-mode";
import { readStoredTodos } from "./stored-todos";

export async function getRoomView(prisma: PrismaClient, workspaceId: string, roomId: string) {
  // One round trip's wait instead of four: the reads are independent (a room of another workspace finds no runs, events or approvals either).
  const [room, latestRun, lastEventId, approvals] = await Promise.all([
    prisma.room.findFirst({
      where: { id: roomId, workspaceId },
      include: {
        repository: { select: { id: true, name: true } },
        agent: { select: { id: true, name: true, provider: true, model: true, restrictModules: true, moduleAllowlist: true } },
        conversations: { select: { id: true, title: true, parentId: true, createdAt: true }, orderBy: { createdAt: "asc" } },
        workspace: { select: { modePolicy: true } },
      },
    }),
    prisma.run.findFirst({ where: { roomId, workspaceId, fingerprint: { not: null } }, orderBy: { createdAt: "desc" }, select: { fingerprint: true } }),
    latestEventId(prisma, { roomId, workspaceId }),
    prisma.approval.findMany({ where: { roomId, workspaceId, status: "pending" }, orderBy: { createdAt: "asc" } }),
  ]);
  if (!room) throw notFound("That room");
  const policy = parseStoredPolicy(room.workspace.modePolicy);
  const profile = roomProfile(room);

  return {
    room: {
      id: room.id,
      name: room.name,
      /** X1: the mode id (built-in or declared); what it allows is in `profile` */
      mode: profile.id,
      profile: profileView(profile),
      /** G7: the capability fingerprint the room's latest run ran under */
      lastFingerprint: latestRun?.fingerprint ?? null,
      autonomy: room.autonomy,
      planShell: room.planShell,
      branch: room.branch,
      hasWorktree: Boolean(room.worktreePath),
      pullRequestId: room.pullRequestId,
      /** archived: readable here, out of the lists, no runs start (restore brings it back) */
      archivedAt: room.archivedAt?.toISOString() ?? null,
      todos: readStoredTodos(room.todos),
      repository: room.repository,
      agent: room.agent ? { id: room.agent.id, name: room.agent.name, provider: room.agent.provider, model: room.agent.model } : null,
    },
    /** X1: the modes a person can switch this room to */
    modes: selectableProfiles(policy).map(profileView),
    conversations: room.conversations.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    approvals: approvals.map((a) => ({
      id: a.id,
      kind: a.kind,
      summary: a.summary,
      runId: a.runId,
      createdAt: a.createdAt.toISOString(),
      /** X4: the mode a switch request asks for, and when its cancel window ends (null = durable, G6) */
      targetMode: a.targetMode,
      cancelBy: a.cancelBy?.toISOString() ?? null,
    })),
    lastEventId,
  };
}
export type RoomView = Awaited<ReturnType<typeof getRoomView>>;
