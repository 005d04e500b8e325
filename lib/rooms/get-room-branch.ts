import "server-only";
/**
 * What a room's branch holds for review: how many commits it has that the
 * repository's default branch lacks (read from Gatehouse's mirror, H6), and
 * the open pull request already made from it. "Open pull request" is offered
 * only when there is something to review and no pull request yet.
 */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import { commitsAhead } from "../repos/commits-ahead";
import { InvalidRefError } from "../repos/git-refs";
import { mirrorPath } from "../repos/mirror-paths";

export interface RoomBranch {
  branch: string | null;
  base: string | null;
  /** commits on the branch that the base lacks; null when either branch cannot be read */
  ahead: number | null;
  /** a person can commit here: the room has a worktree on a branch of its own (not a review room) */
  canCommit: boolean;
  /** the open pull request of this branch, or the one a fix room's commits land on (`fixes`) */
  openPull: { id: string; number: number; fixes: boolean } | null;
}

export async function getRoomBranch(prisma: PrismaClient, workspaceId: string, roomId: string): Promise<RoomBranch> {
  const room = await prisma.room.findFirst({
    where: { id: roomId, workspaceId },
    select: { branch: true, worktreePath: true, pullRequestId: true, repository: { select: { id: true, defaultBranch: true } } },
  });
  if (!room) throw notFound("That room");
  const repository = room.repository;
  if (!room.branch || !repository) return { branch: room.branch, base: repository?.defaultBranch ?? null, ahead: null, canCommit: false, openPull: null };
  const [ahead, own, fixed] = await Promise.all([
    commitsAhead(mirrorPath(repository.id), repository.defaultBranch, room.branch).catch((error) => {
      if (error instanceof InvalidRefError) return null;
      throw error;
    }),
    prisma.pullRequest.findFirst({
      where: { workspaceId, repositoryId: repository.id, headRef: room.branch, state: "open" },
      orderBy: { createdAt: "desc" },
      select: { id: true, number: true },
    }),
    // A "Fix with an agent" room's commits land on its pull request's head (R8), so that pull request is its own.
    prisma.finding.findFirst({ where: { fixRoomId: roomId, pullRequest: { workspaceId, state: "open" } }, select: { pullRequest: { select: { id: true, number: true } } } }),
  ]);
  const openPull = fixed ? { ...fixed.pullRequest, fixes: true } : own ? { ...own, fixes: false } : null;
  return { branch: room.branch, base: repository.defaultBranch, ahead, canCommit: Boolean(room.worktreePath) && !room.pullRequestId, openPull };
}
