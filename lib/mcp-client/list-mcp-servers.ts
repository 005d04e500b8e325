import "server-only";
import type { PrismaClient } from "../db/generated/client";
import { storedTools, type AttachedMcpServerConfig, type McpToolDeclaration } from "./schemas";

export interface McpServerView {
  id: string;
  name: string;
  url: string;
  tools: Record<string, McpToolDeclaration>;
  createdAt: string;
}

export function toMcpServerView(row: { id: string; name: string; url: string; tools: unknown; createdAt: Date }): McpServerView {
  return { id: row.id, name: row.name, url: row.url, tools: storedTools.parse(row.tools), createdAt: row.createdAt.toISOString() };
}

/** The workspace's attached MCP servers by name. */
export async function listMcpServers(prisma: PrismaClient, workspaceId: string): Promise<McpServerView[]> {
  const rows = await prisma.attachedMcpServer.findMany({ where: { workspaceId }, orderBy: { name: "asc" } });
  return rows.map(toMcpServerView);
}

/** What a run of the workspace connects to. */
export async function mcpServerConfigs(prisma: PrismaClient, workspaceId: string): Promise<AttachedMcpServerConfig[]> {
  return (await listMcpServers(prisma, workspaceId)).map(({ name, url, tools }) => ({ name, url, tools }));
}
