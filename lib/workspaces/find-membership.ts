import "server-only";
import type { PrismaClient } from "../db/generated/client";
import type { WorkspaceActor } from "./actor";

export interface WorkspaceMembership extends WorkspaceActor {
  workspace: { id: string; slug: string; name: string };
}

/**
 * The user's membership of the workspace with this slug, or null. Pages treat
 * null as "not found", whether the workspace is missing or merely not theirs.
 */
export async function findMembership(prisma: PrismaClient, userId: string, slug: string): Promise<WorkspaceMembership | null> {
  const membership = await prisma.membership.findFirst({
    where: { userId, workspace: { slug } },
    select: { role: true, workspace: { select: { id: true, slug: true, name: true } } },
  });
  if (!membership) return null;
  return { workspaceId: membership.workspace.id, userId, role: membership.role, workspace: membership.workspace };
}
