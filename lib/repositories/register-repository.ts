import "server-only";
/**
 * Registers a local git repository with the workspace (admins and owners).
 * Deployments that host several teams can confine registrations to some
 * folders with GATEHOUSE_REPOSITORY_ROOTS (colon-separated): otherwise any
 * workspace admin could point agents at any repository on the host.
 */
import { realpath } from "node:fs/promises";
import path from "node:path";
import { env } from "../config/env";
import type { Prisma } from "../db/client";
import { AppError } from "../errors/app-error";
import { assertCan, type WorkspaceActor } from "../workspaces/actor";
import { checkGitRepository } from "./check-git-repository";
import {
  registerRepositoryBody,
  repositorySelect,
  toRepositoryView,
  type RegisterRepositoryBody,
  type RepositoryView,
} from "./schemas";

export interface RegisterRepositoryOptions {
  /** folders a repository must lie in; default from GATEHOUSE_REPOSITORY_ROOTS, none = anywhere */
  allowedRoots?: readonly string[];
}

export async function registerRepository(
  prisma: Prisma,
  actor: WorkspaceActor,
  input: RegisterRepositoryBody,
  options: RegisterRepositoryOptions = {},
): Promise<RepositoryView> {
  assertCan(actor, "manage");
  const body = registerRepositoryBody.parse(input);
  const dir = path.resolve(body.path);
  const roots = options.allowedRoots ?? repositoryRoots();
  const outside = (p: string) => roots.length > 0 && !roots.some((root) => isInside(p, root));
  if (outside(dir)) throw new AppError("unprocessable", `Repositories must be inside ${roots.join(" or ")} on this server.`);
  await checkGitRepository(dir);
  // A symlink inside a root must not lead out of it.
  if (outside(await realpath(dir))) throw new AppError("unprocessable", `Repositories must be inside ${roots.join(" or ")} on this server.`);

  if (await prisma.repository.findFirst({ where: { workspaceId: actor.workspaceId, name: body.name }, select: { id: true } })) {
    throw new AppError("conflict", `A repository named "${body.name}" already exists in this workspace.`);
  }
  if (
    body.githubFullName &&
    (await prisma.repository.findFirst({ where: { workspaceId: actor.workspaceId, githubFullName: body.githubFullName }, select: { id: true } }))
  ) {
    throw new AppError("conflict", `${body.githubFullName} is already connected to a repository in this workspace.`);
  }
  try {
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
        },
        select: repositorySelect,
      });
      await tx.auditEvent.create({
        data: {
          workspaceId: actor.workspaceId,
          actorId: actor.userId,
          action: "repository.registered",
          targetType: "repository",
          targetId: row.id,
          // Never the secret: only whether one was set.
          data: { name: row.name, path: row.path, githubFullName: row.githubFullName, hasWebhookSecret: Boolean(row.webhookSecret) },
        },
      });
      return row;
    });
    return toRepositoryView(repository);
  } catch (error) {
    // A concurrent registration took the name or the GitHub repository between the checks and the insert.
    if ((error as { code?: string }).code === "P2002") {
      throw new AppError("conflict", "A repository with that name or GitHub name was just registered. Pick another.");
    }
    throw error;
  }
}

export function repositoryRoots(): string[] {
  return env().GATEHOUSE_REPOSITORY_ROOTS.map((root) => path.resolve(root));
}

function isInside(dir: string, root: string): boolean {
  const relative = path.relative(root, dir);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
