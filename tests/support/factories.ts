/**
 * Rows for a test, with unique names so files never collide. Each helper
 * creates the minimum a test needs and returns it.
 */
import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "../../lib/db/generated/client";
import { encode } from "next-auth/jwt";
import { authSecret } from "../../lib/auth/auth-secret";
import { createSession } from "../../lib/auth/create-session";
import { hashPassword } from "../../lib/auth/password";
import { newCheckpoint } from "../../lib/harness/lifecycle/checkpoint";
import { parseStoredPolicy, resolveMode } from "../../lib/modes/resolve-profile";
import { roomModeColumns } from "../../lib/rooms/room-mode-columns";

export const uid = () => randomUUID().slice(0, 8);

/** A Cookie header signed in as `userId`, on a real (revocable, H5) session row, as next-auth would set it. */
export async function sessionCookie(prisma: PrismaClient, userId: string): Promise<{ cookie: string; sessionId: string }> {
  const sessionId = await createSession(prisma, userId, 3600);
  const token = await encode({ token: { uid: userId, sub: userId, sid: sessionId }, secret: authSecret() });
  return { cookie: `next-auth.session-token=${token}`, sessionId };
}

export async function createUser(prisma: PrismaClient, name = `user-${uid()}`, password = "correct horse battery") {
  return prisma.user.create({ data: { email: `${name}@test.local`.toLowerCase(), name, passwordHash: await hashPassword(password) } });
}

export async function createWorkspace(prisma: PrismaClient, members: { userId: string; role: "owner" | "admin" | "member" | "viewer" }[] = []) {
  const slug = `ws-${uid()}`;
  return prisma.workspace.create({ data: { name: slug, slug, memberships: { create: members } } });
}

export async function createAgent(prisma: PrismaClient, workspaceId: string, script: unknown, extra: Partial<Prisma.AgentUncheckedCreateInput> = {}) {
  return prisma.agent.create({
    data: { workspaceId, name: `agent-${uid()}`, provider: "scripted", model: "scripted", script: script as Prisma.InputJsonValue, ...extra },
  });
}

export async function createRoom(
  prisma: PrismaClient,
  data: { workspaceId: string; agentId?: string; mode?: "chat" | "plan" | "review" | "orchestrate"; autonomy?: "ask" | "auto_edit" | "auto"; worktreePath?: string | null },
) {
  const room = await prisma.room.create({
    data: {
      workspaceId: data.workspaceId,
      name: `room-${uid()}`,
      mode: data.mode ?? "chat",
      autonomy: data.autonomy ?? "auto",
      agentId: data.agentId,
      worktreePath: data.worktreePath ?? null,
      conversations: { create: { title: "Main" } },
    },
    include: { conversations: true },
  });
  return { ...room, conversationId: room.conversations[0]!.id };
}

/**
 * G8: puts a room into a mode of its workspace's stored policy the way the one
 * transition records it (the declaration copied into the room's row), without
 * the transition's audit and events — for tests that start from a room already in it.
 */
export async function putRoomInMode(prisma: PrismaClient, roomId: string, modeId: string) {
  const room = await prisma.room.findUniqueOrThrow({ where: { id: roomId }, select: { workspace: { select: { modePolicy: true } } } });
  const mode = resolveMode(parseStoredPolicy(room.workspace.modePolicy), modeId);
  if (!mode) throw new Error(`the workspace has no enabled mode "${modeId}"`);
  return prisma.room.update({ where: { id: roomId }, data: roomModeColumns(mode) });
}

/** A queued run whose transcript starts with `message`. */
export async function createRun(prisma: PrismaClient, room: { id: string; workspaceId: string; agentId: string | null; conversationId: string }, message: string) {
  const checkpoint = newCheckpoint([{ role: "user", content: message }]);
  return prisma.run.create({
    data: {
      workspaceId: room.workspaceId,
      roomId: room.id,
      conversationId: room.conversationId,
      agentId: room.agentId,
      state: checkpoint as unknown as Prisma.InputJsonValue,
    },
  });
}
