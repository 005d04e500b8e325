import "server-only";
/**
 * Edits a repository's settings (admins and owners): whatever registration
 * set — name, folder, remote URL, default branch, GitHub name, webhook secret
 * — checked by the same rules (H3: a folder inside the operator's roots and
 * no one else's, a remote the policy allows). A new source is first read into
 * a staging mirror, so a folder that is no repository or a remote that cannot
 * be fetched is a 422 and nothing changes; the default branch must be a
 * branch of the repository. Then the row changes in one transaction (audited,
 * never the secret) and the mirror is brought up to date from the new source.
 */
import { recordAudit } from "../audit/record-audit";
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { mirrorsDir } from "../config/data-dir";
import { env } from "../config/env";
import type { PrismaClient } from "../db/generated/client";
import { isUniqueViolation } from "../db/unique-violation";
import { AppError, notFound } from "../errors/app-error";
import { revParse } from "../repos/git";
import { InvalidRefError } from "../repos/git-refs";
import { listBranches } from "../repos/list-branches";
import { serialized } from "../repos/mirror";
import { mirrorPath } from "../repos/mirror-paths";
import { checkRemoteUrl, RemoteUrlError } from "../repos/remote-url";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { checkHostPath, type CheckHostPathOptions } from "./check-host-path";
import { repositorySelect, toRepositoryView, updateRepositoryBody, type RepositoryView, type UpdateRepositoryBody } from "./schemas";
import { importInto } from "./sync-repository";

export async function updateRepository(
  prisma: PrismaClient,
  actor: WorkspaceActor,
  repositoryId: string,
  input: UpdateRepositoryBody,
  options: CheckHostPathOptions = {},
): Promise<RepositoryView> {
  assertCan(actor, "manage");
  const patch = updateRepositoryBody.parse(input);
  const row = await prisma.repository.findFirst({ where: { id: repositoryId, workspaceId: actor.workspaceId }, select: repositorySelect });
  if (!row) throw notFound("That repository");
  const keep = <T>(value: T | undefined, current: T) => (value === undefined ? current : value);
  const next = {
    name: keep(patch.name, row.name),
    path: keep(patch.path, row.path),
    remoteUrl: keep(patch.remoteUrl, row.remoteUrl),
    defaultBranch: keep(patch.defaultBranch, row.defaultBranch),
    githubFullName: keep(patch.githubFullName, row.githubFullName),
    webhookSecret: keep(patch.webhookSecret, row.webhookSecret),
  };
  if (!next.path && !next.remoteUrl) throw new AppError("unprocessable", "Give the path of a git repository on the server, or its remote URL (or both).");
  if (next.webhookSecret && !next.githubFullName) throw new AppError("unprocessable", "A webhook secret needs the GitHub name (owner/repository) whose deliveries it signs.");
  if (next.remoteUrl && next.remoteUrl !== row.remoteUrl) {
    try {
      checkRemoteUrl(next.remoteUrl, env().GATEHOUSE_ALLOWED_GIT_HOSTS);
    } catch (error) {
      if (error instanceof RemoteUrlError) throw new AppError("unprocessable", error.message);
      throw error;
    }
  }
  const dir = next.path && next.path !== row.path ? await checkHostPath(prisma, actor.workspaceId, next.path, options) : next.path;
  const others = { workspaceId: actor.workspaceId, id: { not: row.id } };
  if (next.name !== row.name && (await prisma.repository.findFirst({ where: { ...others, name: next.name }, select: { id: true } }))) {
    throw new AppError("conflict", `A repository named "${next.name}" already exists in this workspace.`);
  }
  if (next.githubFullName && next.githubFullName !== row.githubFullName && (await prisma.repository.findFirst({ where: { ...others, githubFullName: next.githubFullName }, select: { id: true } }))) {
    throw new AppError("conflict", `${next.githubFullName} is already connected to another repository in this workspace.`);
  }

  const sourceChanged = dir !== row.path || next.remoteUrl !== row.remoteUrl;
  // A new source is proven readable in a mirror of its own before anything changes.
  const staged = sourceChanged ? path.join(mirrorsDir(), `.staged-${randomUUID()}.git`) : null;
  try {
    if (staged) await importInto(staged, { dir, remoteUrl: next.remoteUrl }, actor.workspaceId);
    if (next.defaultBranch !== row.defaultBranch || staged) await assertBranch(staged ?? mirrorPath(row.id), next.defaultBranch);
    const updated = await prisma.$transaction(async (tx) => {
      const saved = await tx.repository.update({
        where: { id: row.id },
        data: {
          ...next,
          path: dir,
          // H3: a secret set here lasts only while the person who set it may manage the workspace (lib/grants).
          ...(patch.webhookSecret !== undefined ? { webhookSecretSetById: patch.webhookSecret ? actor.userId : null } : {}),
        },
        select: repositorySelect,
      });
      const changed = (Object.keys(patch) as (keyof typeof patch)[]).filter((key) => patch[key] !== undefined && (key === "path" ? dir : next[key]) !== row[key]);
      await recordAudit(tx, {
        workspaceId: actor.workspaceId,
        actorId: actor.userId,
        action: "repository.updated",
        targetType: "repository",
        targetId: row.id,
        // Never the secret: only whether it was replaced or removed.
        data: {
          changed,
          name: saved.name,
          path: saved.path,
          remoteUrl: saved.remoteUrl,
          defaultBranch: saved.defaultBranch,
          githubFullName: saved.githubFullName,
          ...(changed.includes("webhookSecret") ? { webhookSecret: saved.webhookSecret ? "replaced" : "removed" } : {}),
        },
      });
      return saved;
    });
    // The repository's own mirror follows the new source (rooms' worktrees keep working on it).
    if (staged) {
      const mirror = mirrorPath(row.id);
      await serialized(mirror, () => importInto(mirror, { dir, remoteUrl: next.remoteUrl }, actor.workspaceId));
    }
    return toRepositoryView(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", "A repository with that name or GitHub name was just registered. Pick another.");
    throw error;
  } finally {
    if (staged) await rm(staged, { recursive: true, force: true });
  }
}

/** The default branch must be one of the repository's branches (an empty repository, with none yet, takes any name, as at registration). */
async function assertBranch(mirror: string, branch: string): Promise<void> {
  if ((await listBranches(mirror)).length === 0) return;
  try {
    await revParse({ gitDir: mirror }, `refs/heads/${branch}`);
  } catch (error) {
    if (error instanceof InvalidRefError) throw new AppError("unprocessable", `"${branch}" is not a branch of this repository; pick one of its branches as the default.`);
    throw error;
  }
}
