import "server-only";
/**
 * R8: a commit made inside Gatehouse on a branch — an agent's git_commit in a
 * room or fix room, a ticket's leftovers, a person's commit in a room, an
 * applied suggestion — moves every open pull request whose head is that
 * branch, as a push would: the new head is re-reviewed and older evidence goes
 * stale, without anyone pressing "Refresh head".
 *
 * The branch lives in Gatehouse's mirror (every room's worktree is a worktree
 * of it), so its tip is read from the mirror's own refs (H6: host-side git
 * reads only git directories Gatehouse owns, never a worktree).
 */
import type { PrismaClient } from "../db/generated/client";
import { branchTip } from "../repos/landed-refs";
import { mirrorPath } from "../repos/mirror-paths";
import { mergeBase } from "../repos/pull-git";
import { applyNewHead, type HeadChange } from "./apply-new-head";

export interface CommittedBranch {
  workspaceId: string;
  repositoryId: string;
  branch: string;
  /** who made the commit (a person), or null for an agent or the platform */
  userId: string | null;
}

export async function followHeadBranch(prisma: PrismaClient, at: CommittedBranch): Promise<HeadChange[]> {
  const pulls = await prisma.pullRequest.findMany({
    where: { workspaceId: at.workspaceId, repositoryId: at.repositoryId, headRef: at.branch, state: "open", source: { not: "github" } },
    select: { id: true, baseRef: true, baseSha: true, headSha: true },
  });
  if (pulls.length === 0) return [];
  const mirror = mirrorPath(at.repositoryId);
  const headSha = await branchTip(mirror, at.branch);
  if (!headSha) return [];
  const changes: HeadChange[] = [];
  for (const pull of pulls) {
    if (pull.headSha === headSha) continue;
    const baseTip = (await branchTip(mirror, pull.baseRef)) ?? pull.baseSha;
    const baseSha = await mergeBase(mirror, baseTip, headSha);
    changes.push(await applyNewHead(prisma, pull.id, { headSha, baseSha }, { userId: at.userId }));
  }
  return changes;
}
