import "server-only";
/**
 * Registers a repository with the workspace (admins and owners): a git
 * repository in a folder on the server, or a remote URL, or both. H3: the
 * folder must lie inside the operator's roots and belong to no one else, the
 * URL must be an https/ssh remote the operator's policy allows, and the
 * repository is read into a mirror of Gatehouse's own before the row exists —
 * a folder that is no repository or a remote that cannot be fetched is a
 * clear 422, and a failure leaves neither a row nor a mirror behind.
 */
import { recordAudit } from "../audit/record-audit";
import { randomUUID } from "node:crypto";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { mirrorsDir } from "../config/data-dir";
import { env } from "../config/env";
import type { PrismaClient } from "../db/generated/client";
import { isUniqueViolation } from "../db/unique-violation";
import { AppError } from "../errors/app-error";
import { mirrorPath } from "../repos/mirror-paths";
import { checkRemoteUrl, RemoteUrlError } from "../repos/remote-url";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { checkHostPath, type CheckHostPathOptions } from "./check-host-path";
import {
  registerRepositoryBody,
  repositorySelect,
  toRepositoryView,
  type RegisterRepositoryBody,
  type RepositoryView,
} from "./schemas";
import { importInto } from "./sync-repository";

export type RegisterRepositoryOptions = CheckHostPathOptions;

export async function registerRepository(
  prisma: PrismaClient,
  actor: WorkspaceActor,
  input: RegisterRepositoryBody,
  options: RegisterRepositoryOptions = {},
): Promise<RepositoryView> {
  assertCan(actor, "manage");
  const body = registerRepositoryBody.parse(input);
  if (body.remoteUrl) {
    try {
      checkRemoteUrl(body.remoteUrl, env().GATEHOUSE_ALLOWED_GIT_HOSTS);
    } catch (error) {
      if (error instanceof RemoteUrlError) throw new AppError("unprocessable", error.message);
      throw error;
    }
  }
  const dir = body.path ? await checkHostPath(prisma, actor.workspaceId, body.path, options) : null;

  if (await prisma.repository.findFirst({ where: { workspaceId: actor.workspaceId, name: body.name }, select: { id: true } })) {
    throw new AppError("conflict", `A repository named "${body.name}" already exists in this workspace.`);
  }
  if (
    body.githubFullName &&
    (await prisma.repository.findFirst({ where: { workspaceId: actor.workspaceId, githubFullName: body.githubFullName }, select: { id: true } }))
  ) {
    throw new AppError("conflict", `${body.githubFullName} is already connected to a repository in this workspace.`);
  }

  // The first import goes into a mirror of its own; it becomes the repository's once the row exists.
  const staged = path.join(mirrorsDir(), `.staged-${randomUUID()}.git`);
  try {
    await importInto(staged, { dir, remoteUrl: body.remoteUrl ?? null }, actor.workspaceId);
    const repository = await prisma.$transaction(async (tx) => {
      const row = await tx.repository.create({
        data: {
          workspaceId: actor.workspaceId,
          name: body.name,
          path: dir,
          remoteUrl: body.remoteUrl ?? null,
          defaultBranch: body.defaultBranch,
          githubFullName: body.githubFullName ?? null,
          webhookSecret: body.webhookSecret ?? null,
          // H3: the secret verifies deliveries only while whoever set it may manage the workspace.
          webhookSecretSetById: body.webhookSecret ? actor.userId : null,
        },
        select: repositorySelect,
      });
      await recordAudit(tx, {
        workspaceId: actor.workspaceId,
        actorId: actor.userId,
        action: "repository.registered",
        targetType: "repository",
        targetId: row.id,
        // Never the secret: only whether one was set.
        data: { name: row.name, path: row.path, remoteUrl: row.remoteUrl, githubFullName: row.githubFullName, hasWebhookSecret: Boolean(row.webhookSecret) },
      });
      // Last step inside the transaction: a failed rename rolls the row back.
      await rename(staged, mirrorPath(row.id));
      return row;
    });
    return toRepositoryView(repository);
  } catch (error) {
    // A concurrent registration took the name or the GitHub repository between the checks and the insert.
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", "A repository with that name or GitHub name was just registered. Pick another.");
    }
    throw error;
  } finally {
    await rm(staged, { recursive: true, force: true });
  }
}
