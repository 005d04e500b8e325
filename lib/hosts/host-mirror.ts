import "server-only";
/**
 * Issue 24: mirrors are per host. A job that works from a repository's mirror
 * on a host that has never held one (a tick opening a ticket's worktree on
 * the host that claimed it) syncs it from the source first, and PostgreSQL
 * records that this host now holds it.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "../db/generated/client";
import { mirrorPath } from "../repos/mirror-paths";
import { syncRepository } from "../repositories/sync-repository";
import { thisHostId } from "./this-host";

export async function recordHostMirror(prisma: Pick<PrismaClient, "hostMirror">, repositoryId: string): Promise<void> {
  const hostId = thisHostId();
  await prisma.hostMirror.upsert({
    where: { hostId_repositoryId: { hostId, repositoryId } },
    create: { hostId, repositoryId },
    update: { fetchedAt: new Date() },
  }).catch(() => undefined); // a host that never beat (a web process) has no Host row to hang it on
}

/** The repository's mirror on this host, synced from its source when this host has none yet. */
export async function mirrorHere(prisma: PrismaClient, repositoryId: string): Promise<string> {
  const mirror = mirrorPath(repositoryId);
  if (existsSync(path.join(mirror, "HEAD"))) return mirror;
  const repository = await prisma.repository.findUniqueOrThrow({ where: { id: repositoryId }, select: { id: true, workspaceId: true, path: true, remoteUrl: true } });
  await syncRepository(prisma, repository);
  await recordHostMirror(prisma, repositoryId);
  return mirror;
}
