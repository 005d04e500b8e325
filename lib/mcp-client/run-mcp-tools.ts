import "server-only";
/**
 * M7, M8: the registry of a workspace. Two readings of the same declaration:
 *  - `workspaceToolSpecs`: the built-ins plus every declared tool of every
 *    attached server, read from the database alone — what the capability
 *    panel, the policy preview, the widening check and the fingerprint compile.
 *  - `workspaceTools`: what one run executes — the same identities, each bound
 *    to the tool of that exact name the server lists now (a declared tool the
 *    server no longer lists, or a server that cannot be reached, adds nothing).
 * A name an MCP tool would share with a built-in cannot occur (they are
 * namespaced mcp_<server>_…), and a declared name is one tool (./mcp-tool-spec.ts).
 */
import type { PrismaClient } from "../db/generated/client";
import type { ToolSpec } from "../modes/types";
import { TOOL_SPECS } from "../tools/registry";
import type { ToolDefinition } from "../tools/types";
import { mcpServerConfigs, type McpServerReader } from "./list-mcp-servers";
import { declaredToolSpecs } from "./mcp-tool-spec";
import { mcpToolsForServers } from "./mcp-tools";

export async function workspaceTools(prisma: PrismaClient, workspaceId: string, builtIns: readonly ToolDefinition[]): Promise<readonly ToolDefinition[]> {
  const servers = await mcpServerConfigs(prisma, workspaceId);
  if (servers.length === 0) return builtIns;
  const { tools, unreachable, skipped } = await mcpToolsForServers(servers);
  for (const { name, reason } of unreachable) console.warn(`[gatehouse] MCP server "${name}" of workspace ${workspaceId} is unreachable: ${reason}`);
  for (const { server, tool, reason } of skipped) console.warn(`[gatehouse] MCP server "${server}" of workspace ${workspaceId}: tool "${tool}" is not offered: ${reason}`);
  return [...builtIns, ...tools];
}

/** The specs every projection that never executes compiles from (M8: attached tools included). */
export async function workspaceToolSpecs(prisma: McpServerReader, workspaceId: string): Promise<readonly ToolSpec[]> {
  const servers = await mcpServerConfigs(prisma, workspaceId);
  if (servers.length === 0) return TOOL_SPECS;
  return [...TOOL_SPECS, ...servers.flatMap(declaredToolSpecs)];
}
