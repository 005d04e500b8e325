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
  await lockWorkspaceRow(tx, actor.workspaceId);
  const own = await tx.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: actor.workspaceId, userId: actor.userId } },
    select: { role: true },
  });
  if (!own) throw new AppError("not_found", "That workspace was not found.");
  return { ...actor, role: own.role };
}

/** The lock alone, for a membership change no member makes (accepting an invite). */
export async function lockWorkspaceRow(tx: Db.TransactionClient, workspaceId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "Workspace" WHERE "id" = ${workspaceId} FOR UPDATE`;
}

export async function countOwners(tx: Db.TransactionClient, workspaceId: string): Promise<number> {
  return tx.membership.count({ where: { workspaceId, role: "owner" } });
}
