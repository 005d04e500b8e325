import "server-only";
import type { PrismaClient } from "../db/generated/client";
import { repositorySelect, toRepositoryView, type RepositoryView } from "./schemas";

/** The workspace's repositories by name; webhook secrets are reduced to "set or not". */
export async function listRepositories(prisma: PrismaClient, workspaceId: string): Promise<RepositoryView[]> {
  const rows = await prisma.repository.findMany({ where: { workspaceId }, select: repositorySelect, orderBy: { name: "asc" } });
  return rows.map(toRepositoryView);
}
