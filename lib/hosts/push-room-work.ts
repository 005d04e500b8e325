import "server-only";
/**
 * Issue 24: at every run boundary a room's work leaves its host's disk. The
 * branch tip is pushed as `…/head`; what is not committed yet becomes a commit
 * object, child of the tip, pushed as `…/work` — so another host rebuilds the
 * same files (adopt-room.ts) if this one dies.
 *
 * H6: the host never walks the worktree for it. The sandbox stages the files
 * (stage-worktree.ts, as git_commit does), the host imports and checks the
 * objects and writes the commit with plumbing on its own mirror, and `git
 * push` runs in the mirror. Neither the branch nor the worktree's index moves.
 * PostgreSQL records what was pushed, on the room's row.
 */
import path from "node:path";
import type { PrismaClient } from "../db/generated/client";
import { checkStagedTree, importPack } from "../repos/check-staged-tree";
import { commitTree } from "../repos/land-commit";
import { serialized } from "../repos/mirror";
import { mirrorPath, worktreeGit } from "../repos/mirror-paths";
import type { WorktreeOnRecord } from "../repos/sandbox-git-step";
import { stageWorktree } from "../repos/stage-worktree";
import { readWorktreeHead } from "../repos/worktree-head";
import { gitWithRefsServer } from "./refs-git";
import { refsConfigured, roomHeadRef, roomWorkRef } from "./refs-remote";
import { thisHostId } from "./this-host";

const SNAPSHOT_AUTHOR = { name: "Gatehouse", email: "gatehouse@gatehouse.local" };
const PUSH_TIMEOUT_MS = 120_000;

export interface PushedWork {
  head: string;
  work: string;
}

/** The commit whose tree is the worktree's files now: HEAD itself when nothing is uncommitted. */
export async function snapshotWorktree(worktree: WorktreeOnRecord, roomId: string): Promise<PushedWork> {
  const mirror = worktree.git.commonDir;
  // One step at a time per worktree, with git_commit's own steps (commit-worktree.ts uses the same key).
  return serialized(`worktree:${path.resolve(worktree.path)}`, async () => {
    const head = await readWorktreeHead(worktree.git);
    const staged = await stageWorktree(worktree, { commit: head.commit, tree: head.tree, mirror });
    try {
      if (staged.pack) await importPack(mirror, staged.pack);
      await checkStagedTree(mirror, head.tree, staged.tree);
      if (staged.tree === head.tree) return { head: head.commit, work: head.commit };
      const work = await commitTree(mirror, staged.tree, [head.commit], `Uncommitted work of room ${roomId}\n`, SNAPSHOT_AUTHOR);
      return { head: head.commit, work };
    } finally {
      await staged.pack?.close();
      await staged.step.cleanup();
    }
  });
}

export async function pushRefs(mirror: string, repositoryId: string, refs: Record<string, string>): Promise<void> {
  const specs = Object.entries(refs).map(([ref, sha]) => `+${sha}:${ref}`);
  await gitWithRefsServer(mirror, repositoryId, (url) => ["push", "--quiet", "--no-verify", "--porcelain", "--end-of-options", url, ...specs], { timeoutMs: PUSH_TIMEOUT_MS });
}

/**
 * Pushes a room's work if it has a branch worktree on this host and a refs
 * server is configured; returns what was pushed, or null when there is
 * nothing to push from here.
 */
export async function pushRoomWork(prisma: PrismaClient, roomId: string): Promise<PushedWork | null> {
  if (!refsConfigured()) return null;
  const room = await prisma.room.findUnique({ where: { id: roomId }, select: { workspaceId: true, repositoryId: true, worktreePath: true, branch: true, hostId: true } });
  if (!room?.repositoryId || !room.worktreePath || !room.branch) return null;
  if (room.hostId !== null && room.hostId !== thisHostId()) return null;
  const wg = worktreeGit(room.repositoryId, room.worktreePath);
  if (!wg) return null;
  const pushed = await snapshotWorktree({ path: room.worktreePath, git: wg, workspaceId: room.workspaceId }, roomId);
  await pushRefs(wg.commonDir, room.repositoryId, { [roomHeadRef(roomId)]: pushed.head, [roomWorkRef(roomId)]: pushed.work });
  // Only the host that holds the room records it: a host that lost the room meanwhile changes nothing.
  await prisma.room.updateMany({
    where: { id: roomId, OR: [{ hostId: thisHostId() }, { hostId: null }] },
    data: { workHead: pushed.head, workCommit: pushed.work, workPushedAt: new Date() },
  });
  return pushed;
}

/** A new room's refs (head and work both its starting commit), when a refs server is configured; the columns to record. */
export async function pushStartingRefs(mirror: string, repositoryId: string, roomId: string, head: string) {
  if (!refsConfigured()) return null;
  await pushRefs(mirror, repositoryId, { [roomHeadRef(roomId)]: head, [roomWorkRef(roomId)]: head });
  return { workHead: head, workCommit: head, workPushedAt: new Date() };
}

/**
 * A room whose worktree was just made here (a ticket's): its starting refs pushed and recorded
 * with the room's row, in the caller's transaction. Nothing when no refs server is configured.
 */
export async function recordStartingRefs(tx: Pick<PrismaClient, "room">, repositoryId: string, roomId: string, head: string): Promise<void> {
  const work = await pushStartingRefs(mirrorPath(repositoryId), repositoryId, roomId, head);
  if (work) await tx.room.update({ where: { id: roomId }, data: work });
}
