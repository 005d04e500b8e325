import "server-only";
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";
import type { WorkspaceActor } from "./actor";
import type { WorkspaceDetail } from "./schemas";

/** The actor's workspace with a few counts for its header and settings. */
export async function getWorkspace(prisma: PrismaClient, actor: WorkspaceActor): Promise<WorkspaceDetail> {
  const workspace = await prisma.workspace.findUnique({
    where: { id: actor.workspaceId },
    select: {
      id: true,
      slug: true,
      name: true,
      createdAt: true,
      _count: { select: { memberships: true, repositories: true, agents: true } },
    },
  });
  if (!workspace) throw notFound("That workspace");
  return {
    id: workspace.id,
    slug: workspace.slug,
    name: workspace.name,
    role: actor.role,
    createdAt: workspace.createdAt.toISOString(),
    memberCount: workspace._count.memberships,
    repositoryCount: workspace._count.repositories,
    agentCount: workspace._count.agents,
  };
}
