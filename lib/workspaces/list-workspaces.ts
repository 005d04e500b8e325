import "server-only";
import type { PrismaClient } from "../db/generated/client";
import type { WorkspaceSummary } from "./schemas";

/** The workspaces `userId` is a member of, by name, with their role in each. */
export async function listWorkspaces(prisma: PrismaClient, userId: string): Promise<WorkspaceSummary[]> {
  const memberships = await prisma.membership.findMany({
    where: { userId },
    select: { role: true, workspace: { select: { id: true, slug: true, name: true, createdAt: true } } },
    orderBy: [{ workspace: { name: "asc" } }, { workspace: { slug: "asc" } }],
  });
  return memberships.map(({ role, workspace }) => ({
    id: workspace.id,
    slug: workspace.slug,
    name: workspace.name,
    role,
    createdAt: workspace.createdAt.toISOString(),
  }));
}
