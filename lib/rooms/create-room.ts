import "server-only";
/**
 * Opens a room. With a repository, the room gets its own git worktree on a
 * branch of its own, so agents in different rooms never touch each other's
 * files. Worktree and branch live in Gatehouse's mirror of the repository
 * (H3), re-read from the source first. The row and the worktree succeed
 * together or not at all.
 */
import { join } from "node:path";
import type { PrismaClient } from "../db/generated/client";
import { worktreesDir } from "../config/data-dir";
import { AppError, notFound } from "../errors/app-error";
import { recordEvent } from "../events/record-event";
import { defaultProfile, parseStoredPolicy, resolveMode } from "../modes/resolve-profile";
import { mirrorPath } from "../repos/mirror-paths";
import { createWorktree, removeWorktree } from "../repos/worktrees";
import { syncRepository } from "../repositories/sync-repository";
import { roomModeColumns } from "./room-mode-columns";
import type { CreateRoomBody } from "./schemas";
import { pushStartingRefs } from "../hosts/push-room-work";
import { thisHostId } from "../hosts/this-host";

export interface CreateRoomInput extends Omit<CreateRoomBody, "mode"> {
  /**
   * X1: a mode id; absent → the workspace's declared default. Review is allowed
   * here only for the system (pull-request rooms); the HTTP schema never lets it through.
   */
  mode?: string;
  pullRequestId?: string;
  /** what to check out; defaults to the repository's default branch */
  ref?: string;
}

export async function createRoom(prisma: PrismaClient, ctx: { workspaceId: string; userId: string | null }, input: CreateRoomInput) {
  const repository = input.repositoryId
    ? await prisma.repository.findFirst({ where: { id: input.repositoryId, workspaceId: ctx.workspaceId } })
    : null;
  if (input.repositoryId && !repository) throw notFound("That repository");
  const agentId = input.agentId ?? (await prisma.agent.findFirst({ where: { workspaceId: ctx.workspaceId, archivedAt: null }, orderBy: { createdAt: "asc" } }))?.id;
  if (input.agentId && !(await prisma.agent.findFirst({ where: { id: input.agentId, workspaceId: ctx.workspaceId, archivedAt: null } }))) {
    throw notFound("That agent");
  }

  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: ctx.workspaceId }, select: { modePolicy: true } });
  const policy = parseStoredPolicy(workspace.modePolicy);
  const chosen = resolveMode(policy, input.mode ?? defaultProfile(policy).id);
  if (!chosen) throw new AppError("unprocessable", `"${input.mode}" is not an enabled mode of this workspace; pick one from the mode list.`);

  const room = await prisma.room.create({
    data: {
      workspaceId: ctx.workspaceId,
      name: input.name,
      // G8: the room keeps its own record of the mode it starts in.
      ...roomModeColumns(chosen),
      autonomy: input.autonomy,
      repositoryId: repository?.id ?? null,
      agentId: agentId ?? null,
      pullRequestId: input.pullRequestId ?? null,
      createdById: ctx.userId,
      conversations: { create: { title: "Main" } },
    },
  });

  if (repository) {
    const worktreePath = join(worktreesDir(), room.id);
    const branch = `gatehouse/${room.id}`;
    const mirror = mirrorPath(repository.id);
    const ref = input.ref ?? repository.defaultBranch;
    try {
      // Re-read the source so the room starts from what was pushed last.
      await syncRepository(prisma, repository, { unlessMirrorHas: ref });
      const created = await createWorktree({ mirror, worktreePath, ref, branch: input.pullRequestId ? undefined : branch });
      // Issue 24: the room's starting point is on the refs server before any host may need it.
      const work = input.pullRequestId ? null : await pushStartingRefs(mirror, repository.id, room.id, created.head);
      await prisma.room.update({ where: { id: room.id }, data: { worktreePath, branch: input.pullRequestId ? null : branch, hostId: thisHostId(), ...work } });
    } catch (error) {
      await prisma.room.delete({ where: { id: room.id } });
      await removeWorktree({ mirror, worktreePath }).catch(() => undefined);
      if (error instanceof AppError) throw error;
      throw new AppError("unprocessable", `Could not create the room's worktree from ${repository.name}: ${(error as Error).message}`);
    }
  }

  await recordEvent(prisma, { workspaceId: ctx.workspaceId, roomId: room.id, type: "room.created", data: { name: room.name, mode: chosen.profile.id } });
  return prisma.room.findUniqueOrThrow({ where: { id: room.id } });
}

