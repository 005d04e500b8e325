import "server-only";
/**
 * M7: the registry one run of a workspace sees: the built-in tools plus the
 * tools of the workspace's attached MCP servers. A name an MCP tool would share
 * with a built-in cannot occur (they are namespaced mcp_<server>_…).
 */
import type { PrismaClient } from "../db/generated/client";
import type { ToolDefinition } from "../tools/types";
import { mcpServerConfigs } from "./list-mcp-servers";
import { mcpToolsForServers } from "./mcp-tools";

export async function workspaceTools(prisma: PrismaClient, workspaceId: string, builtIns: readonly ToolDefinition[]): Promise<readonly ToolDefinition[]> {
  const servers = await mcpServerConfigs(prisma, workspaceId);
  if (servers.length === 0) return builtIns;
  const { tools, unreachable } = await mcpToolsForServers(servers);
  for (const { name, reason } of unreachable) console.warn(`[gatehouse] MCP server "${name}" of workspace ${workspaceId} is unreachable: ${reason}`);
  return [...builtIns, ...tools];
}
