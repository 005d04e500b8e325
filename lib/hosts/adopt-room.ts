import "server-only";
/**
 * Issue 24: a room whose host died is rebuilt on this host from its refs.
 * This host's mirror is synced from the repository's source (mirrors are
 * fetched per host), the room's `head` and `work` refs are fetched from the
 * refs server, the worktree is made anew in this host's data directory on the
 * room's branch at `head`, and the uncommitted files of `work` are put in it
 * by the sandbox (move-worktree-files.ts; H6: host git never walks the
 * worktree). One conditional update then moves the room to this host: of two
 * hosts racing to adopt it, one wins and the other removes its copy.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { worktreesDir } from "../config/data-dir";
import type { PrismaClient } from "../db/generated/client";
import { git } from "../repos/git";
import { OBJECT_ID } from "../repos/git-refs";
import { serialized } from "../repos/mirror";
import { worktreeGit } from "../repos/mirror-paths";
import { moveWorktreeFiles } from "../repos/move-worktree-files";
import { createWorktree, removeWorktree } from "../repos/worktrees";
import { syncRepository } from "../repositories/sync-repository";
import { ensureCommitHere } from "./fetch-room-refs";
import { recordHostMirror } from "./host-mirror";
import { fetchFromRefsServer } from "./refs-git";
import { refsConfigured, roomHeadRef, roomWorkRef } from "./refs-remote";
import { hostDeadMs, thisHostId } from "./this-host";

/** "here": the worktree is this host's; "adopted": it is now; "elsewhere": a live host holds it; "none": no worktree to care about. */
export type RoomPlace = "here" | "adopted" | "elsewhere" | "none";

export async function hostIsAlive(prisma: PrismaClient, hostId: string): Promise<boolean> {
  const rows = await prisma.$queryRaw<{ alive: boolean }[]>`
    SELECT ("heartbeatAt" > now() - ${`${hostDeadMs()} milliseconds`}::interval) AS "alive" FROM "Host" WHERE "id" = ${hostId}`;
  return rows[0]?.alive === true;
}

/** Makes sure the run's room, if it has a worktree, is on this host before the run advances here. */
export async function placeRunRoom(prisma: PrismaClient, runId: string): Promise<RoomPlace> {
  if (!refsConfigured()) return "none";
  const run = await prisma.run.findUnique({ where: { id: runId }, select: { roomId: true } });
  return run?.roomId ? placeRoom(prisma, run.roomId) : "none";
}

/** The same for a ticket's room (a ticket's delivery commits what its run left in that worktree). */
export async function placeTicketRoom(prisma: PrismaClient, ticketId: string): Promise<RoomPlace> {
  if (!refsConfigured()) return "none";
  const ticket = await prisma.ticket.findUnique({ where: { id: ticketId }, select: { stepRoomId: true } });
  return ticket?.stepRoomId ? placeRoom(prisma, ticket.stepRoomId) : "none";
}

/**
 * One placing at a time per room in this process: two jobs of one room (a run's advance and its
 * ticket's delivery, or a job reclaimed while its first claim still runs) would both adopt it into
 * the same path here, and the loser's clean-up would delete the winner's worktree.
 */
export function placeRoom(prisma: PrismaClient, roomId: string): Promise<RoomPlace> {
  return serialized(`place-room:${roomId}`, () => placeRoomNow(prisma, roomId));
}

async function placeRoomNow(prisma: PrismaClient, roomId: string): Promise<RoomPlace> {
  const room = await prisma.room.findUnique({
    where: { id: roomId },
    select: {
      hostId: true, worktreePath: true, branch: true, workHead: true,
      repository: { select: { id: true, workspaceId: true, path: true, remoteUrl: true } },
      pullRequest: { select: { headSha: true } },
    },
  });
  if (!room?.repository || !room.worktreePath) return "none";
  const me = thisHostId();
  if (room.hostId === me) return "here";
  const review = !room.branch && room.pullRequest ? room.pullRequest.headSha : null;
  if (!review && (!room.branch || !room.workHead)) return "none";
  if (room.hostId && (await hostIsAlive(prisma, room.hostId))) return "elsewhere";
  if (review) return adoptReviewRoom(prisma, roomId, { ...room, repository: room.repository, worktreePath: room.worktreePath }, review);
  if (!room.branch) return "none";

  const repository = room.repository;
  const mirror = await syncRepository(prisma, repository);
  await recordHostMirror(prisma, repository.id);
  const { head, work } = await fetchRoomRefs(mirror, repository.id, roomId);

  const worktreePath = path.join(worktreesDir(), path.basename(room.worktreePath));
  if (existsSync(worktreePath)) await removeWorktree({ mirror, worktreePath });
  await git(["worktree", "prune"], { gitDir: mirror });
  // A branch left from an earlier stay of this room on this host is stale: the refs say where it is now.
  await git(["update-ref", "-d", `refs/heads/${room.branch}`], { gitDir: mirror });
  const created = await createWorktree({ mirror, worktreePath, ref: head, branch: room.branch });
  const wg = worktreeGit(repository.id, worktreePath)!;
  if (work !== head) await moveWorktreeFiles({ path: worktreePath, git: wg, workspaceId: repository.workspaceId }, { mode: "reset", from: created.head, to: work });

  const moved = await prisma.room.updateMany({
    where: { id: roomId, hostId: room.hostId },
    data: { hostId: me, worktreePath, workHead: head, workCommit: work },
  });
  if (moved.count === 1) return "adopted";
  await removeWorktree({ mirror, worktreePath }).catch(() => undefined);
  return "elsewhere";
}

/**
 * A pull request's review room has a detached worktree at the pull's head: made anew here at
 * that commit (fetched from the refs server when this host's mirror lacks it); an agent in
 * review mode writes nothing, so there is no other work to carry over.
 */
async function adoptReviewRoom(
  prisma: PrismaClient,
  roomId: string,
  room: { hostId: string | null; worktreePath: string; repository: { id: string; workspaceId: string; path: string | null; remoteUrl: string | null } },
  headSha: string,
): Promise<RoomPlace> {
  const mirror = await syncRepository(prisma, room.repository, { unlessMirrorHas: headSha });
  await ensureCommitHere(mirror, room.repository.id, headSha);
  const worktreePath = path.join(worktreesDir(), path.basename(room.worktreePath));
  if (existsSync(worktreePath)) await removeWorktree({ mirror, worktreePath });
  await git(["worktree", "prune"], { gitDir: mirror });
  await createWorktree({ mirror, worktreePath, ref: headSha });
  const moved = await prisma.room.updateMany({ where: { id: roomId, hostId: room.hostId }, data: { hostId: thisHostId(), worktreePath } });
  if (moved.count === 1) return "adopted";
  await removeWorktree({ mirror, worktreePath }).catch(() => undefined);
  return "elsewhere";
}

async function fetchRoomRefs(mirror: string, repositoryId: string, roomId: string): Promise<{ head: string; work: string }> {
  await fetchFromRefsServer(mirror, repositoryId, `refs/gatehouse/rooms/${roomId}/`, `fetching room ${roomId}'s refs failed`);
  const { stdout } = await git(["rev-parse", `${roomHeadRef(roomId)}^{commit}`, `${roomWorkRef(roomId)}^{commit}`], { gitDir: mirror });
  const [head = "", work = ""] = stdout.trim().split("\n");
  if (!OBJECT_ID.test(head) || !OBJECT_ID.test(work)) throw new Error(`room ${roomId} has no work on the refs server`);
  return { head, work };
}
