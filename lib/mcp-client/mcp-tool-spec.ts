/**
 * M7: how an MCP server's tool appears in Gatehouse's registry. Pure. The name
 * is namespaced so it can never shadow a built-in; tier and effect classes come
 * from the workspace's declaration, and a tool without one is execute tier —
 * above every read-only mode's ceiling, and confirmed per call under "ask".
 */
import type { EffectClass, Tier } from "../modes/types";
import type { McpToolDeclaration } from "./schemas";

export const UNDECLARED_TIER: Tier = "execute";

/** Model tool names allow [A-Za-z0-9_-], at most 64 characters. */
export function mcpToolName(server: string, tool: string): string {
  return `mcp_${server}_${tool.replace(/[^A-Za-z0-9_-]/g, "_")}`.slice(0, 64);
}

export function declaredSpec(declaration: McpToolDeclaration | undefined): { tier: Tier; effects: EffectClass[]; declared: boolean } {
  if (!declaration) return { tier: UNDECLARED_TIER, effects: [], declared: false };
  return { tier: declaration.tier, effects: [...declaration.effects], declared: true };
}
