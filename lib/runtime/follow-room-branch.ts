import "server-only";
/**
 * R8: after a commit in a room, the pull requests whose head is the room's
 * branch follow it (lib/pulls/follow-head-branch.ts). A fix room ("Fix with an
 * agent") works on a branch of its own started at the pull request's head; its
 * commits land on the head branch when they build on it (a fast-forward, moved
 * compare-and-swap in Gatehouse's mirror, H3), rooms that have the head branch
 * checked out follow, and the pull request is re-reviewed at the new head.
 *
 * A failure here never undoes or fails the commit: it is logged, and "Refresh
 * head" still works.
 */
import type { PrismaClient } from "../db/generated/client";
import { followHeadBranch } from "../pulls/follow-head-branch";
import { followBranch } from "../repos/follow-branch";
import { BranchMovedError, moveBranch } from "../repos/land-commit";
import { branchTip, isAncestorIn } from "../repos/landed-refs";
import { serialized } from "../repos/mirror";
import { mirrorPath, worktreeGit } from "../repos/mirror-paths";

export interface RoomCommit {
  workspaceId: string;
  roomId: string;
  /** the person who committed, or null for an agent */
  userId: string | null;
}

export async function followRoomBranch(prisma: PrismaClient, at: RoomCommit): Promise<void> {
  try {
    const room = await prisma.room.findFirst({ where: { id: at.roomId, workspaceId: at.workspaceId }, select: { id: true, repositoryId: true, branch: true } });
    if (!room?.repositoryId || !room.branch) return;
    await landFix(prisma, { ...at, repositoryId: room.repositoryId, branch: room.branch });
    await followHeadBranch(prisma, { workspaceId: at.workspaceId, repositoryId: room.repositoryId, branch: room.branch, userId: at.userId });
  } catch (error) {
    console.error("[gatehouse] a pull request could not follow its head branch:", error instanceof Error ? error.message : error);
  }
}

/** A fix room's commit moves the pull request's head branch, when it builds on that head. */
async function landFix(prisma: PrismaClient, at: RoomCommit & { repositoryId: string; branch: string }): Promise<void> {
  const fixed = await prisma.finding.findFirst({
    where: { fixRoomId: at.roomId, pullRequest: { workspaceId: at.workspaceId, repositoryId: at.repositoryId, state: "open", source: { not: "github" } } },
    select: { pullRequest: { select: { headRef: true } } },
  });
  const headRef = fixed?.pullRequest.headRef;
  if (!headRef || headRef === at.branch) return;
  const mirror = mirrorPath(at.repositoryId);
  await serialized(mirror, async () => {
    const [tip, fix] = await Promise.all([branchTip(mirror, headRef), branchTip(mirror, at.branch)]);
    if (!tip || !fix || tip === fix || !(await isAncestorIn(mirror, tip, fix))) return;
    try {
      await moveBranch(mirror, headRef, tip, fix);
    } catch (error) {
      if (error instanceof BranchMovedError) return;
      throw error;
    }
    // Rooms working on the head branch keep their files in step (as for an applied suggestion).
    const rooms = await prisma.room.findMany({ where: { workspaceId: at.workspaceId, repositoryId: at.repositoryId, branch: headRef, worktreePath: { not: null } }, select: { worktreePath: true } });
    for (const room of rooms) {
      const wg = worktreeGit(at.repositoryId, room.worktreePath);
      if (wg && room.worktreePath) await followBranch({ path: room.worktreePath, git: wg, workspaceId: at.workspaceId }, tip, fix).catch(() => undefined);
    }
  });
  await followHeadBranch(prisma, { workspaceId: at.workspaceId, repositoryId: at.repositoryId, branch: headRef, userId: at.userId });
}
