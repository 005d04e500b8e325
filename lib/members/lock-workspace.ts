import "server-only";
/**
 * Membership changes of one workspace run one at a time: each takes a row lock
 * on the workspace first. Without it two owners demoting each other at once
 * would both see "another owner remains" and leave the workspace with none.
 * The actor's role is read again under the lock, so a demotion that just
 * landed is what counts, not the role the request started with.
 */
import type { Prisma as Db } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import type { WorkspaceActor } from "../workspaces/actor";

export async function lockWorkspace(tx: Db.TransactionClient, actor: WorkspaceActor): Promise<WorkspaceActor> {
  await tx.$queryRaw`SELECT "id" FROM "Workspace" WHERE "id" = ${actor.workspaceId} FOR UPDATE`;
  const own = await tx.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: actor.workspaceId, userId: actor.userId } },
    select: { role: true },
  });
  if (!own) throw new AppError("not_found", "That workspace was not found.");
  return { ...actor, role: own.role };
}

export async function countOwners(tx: Db.TransactionClient, workspaceId: string): Promise<number> {
  return tx.membership.count({ where: { workspaceId, role: "owner" } });
}
