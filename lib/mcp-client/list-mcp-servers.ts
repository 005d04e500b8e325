import "server-only";
import type { PrismaClient } from "../db/generated/client";
import { whereSetterHolds } from "../grants/setter-authority";
import { declaredToolSpecs } from "./mcp-tool-spec";
import { storedTools, type AttachedMcpServerConfig, type McpToolDeclaration } from "./schemas";

export interface McpServerView {
  id: string;
  name: string;
  url: string;
  tools: Record<string, McpToolDeclaration>;
  /** M8: the name agents call each declared tool by (a tool whose name collides has none and is not offered) */
  toolNames: Record<string, string>;
  createdAt: string;
}

export function toMcpServerView(row: { id: string; name: string; url: string; tools: unknown; createdAt: Date }): McpServerView {
  const tools = storedTools.parse(row.tools);
  const toolNames = Object.fromEntries(declaredToolSpecs({ id: row.id, name: row.name, tools }).map((spec) => [spec.origin!.tool, spec.name]));
  return { id: row.id, name: row.name, url: row.url, tools, toolNames, createdAt: row.createdAt.toISOString() };
}

/** Reading attached servers needs their table and who may still manage, so a transaction can read them too. */
export type McpServerReader = Pick<PrismaClient, "attachedMcpServer" | "membership">;

/**
 * The workspace's attached MCP servers by name. H3: a server whose attacher
 * may no longer manage the workspace is not offered (and not listed): its
 * destination was their choice.
 */
export async function listMcpServers(prisma: McpServerReader, workspaceId: string): Promise<McpServerView[]> {
  const rows = await prisma.attachedMcpServer.findMany({ where: { workspaceId }, orderBy: { name: "asc" } });
  const live = await whereSetterHolds(prisma, rows.map((row) => ({ ...row, setById: row.createdById })));
  return live.map(toMcpServerView);
}

/** What a run of the workspace connects to. */
export async function mcpServerConfigs(prisma: McpServerReader, workspaceId: string): Promise<AttachedMcpServerConfig[]> {
  return (await listMcpServers(prisma, workspaceId)).map(({ id, name, url, tools }) => ({ id, name, url, tools }));
}
