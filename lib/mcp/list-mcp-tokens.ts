import "server-only";
/** P6: a person's MCP tokens, without any secret (only hashes are stored). */
import type { PrismaClient } from "../db/generated/client";

export async function listMcpTokens(prisma: PrismaClient, userId: string) {
  const rows = await prisma.mcpToken.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  return rows.map((t) => ({ id: t.id, name: t.name, createdAt: t.createdAt.toISOString(), lastUsedAt: t.lastUsedAt?.toISOString() ?? null }));
}
export type McpTokenView = Awaited<ReturnType<typeof listMcpTokens>>[number];
