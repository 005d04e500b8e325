import "server-only";
/**
 * The branches a person can pick when opening a pull request: the mirror's
 * branches after a sync from the source (H3), the default branch first, and
 * room branches (`gatehouse/<room>`) named after the room that worked on them.
 * A source that cannot be read right now still yields the mirror's last
 * state, with a note saying so.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { listBranches, type BranchInfo } from "../repos/list-branches";
import { mirrorPath } from "../repos/mirror-paths";
import { existingMirror, syncRepository } from "./sync-repository";

export interface BranchOption extends BranchInfo {
  isDefault: boolean;
  /** the room whose worktree works on this branch */
  room: { id: string; name: string } | null;
}

export interface RepositoryBranches {
  defaultBranch: string;
  branches: BranchOption[];
  /** set when the source could not be re-read: the list is the mirror's last state */
  note: string | null;
}

export async function listRepositoryBranches(prisma: PrismaClient, workspaceId: string, repositoryId: string): Promise<RepositoryBranches> {
  const repository = await prisma.repository.findFirst({ where: { id: repositoryId, workspaceId }, select: { id: true, workspaceId: true, path: true, remoteUrl: true, defaultBranch: true } });
  if (!repository) throw notFound("That repository");
  let note: string | null = null;
  try {
    await syncRepository(prisma, repository);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await existingMirror(repository.id);
    note = `The source could not be re-read (${error.message}); these are the branches Gatehouse had last.`;
  }
  const branches = await listBranches(mirrorPath(repository.id));
  const roomBranches = branches.filter((b) => b.name.startsWith("gatehouse/")).map((b) => b.name);
  const rooms = roomBranches.length
    ? await prisma.room.findMany({ where: { workspaceId, repositoryId: repository.id, branch: { in: roomBranches } }, select: { id: true, name: true, branch: true } })
    : [];
  const roomOf = new Map(rooms.map((r) => [r.branch!, { id: r.id, name: r.name }]));
  const options = branches.map((b) => ({ ...b, isDefault: b.name === repository.defaultBranch, room: roomOf.get(b.name) ?? null }));
  options.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  return { defaultBranch: repository.defaultBranch, branches: options, note };
}
