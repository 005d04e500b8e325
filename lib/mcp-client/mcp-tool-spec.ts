/**
 * M7, M8: how an attached MCP server's tools appear in Gatehouse's registry.
 * Pure. The declaration is the one source: each declared tool is one identity
 * (the server row + the tool's own name there) with the declared tier and
 * effect classes, under a name derived from that identity alone — so the name
 * is stable, and no two identities share one. A tool the server offers that
 * the declaration does not name has no identity and is never offered.
 */
import { createHash } from "node:crypto";
import type { ToolSpec } from "../modes/types";
import type { McpToolDeclaration } from "./schemas";

/** Model tool names allow [A-Za-z0-9_-], at most 64 characters. */
export const MAX_TOOL_NAME = 64;
const HASH_LENGTH = 8;

/** A tool name the server may use unchanged (also what declared modes' grants accept: lower case, digits, _). */
const KEPT = /^[a-z0-9_]+$/;

/**
 * The name a model calls a server's tool by: `mcp_<server>_<tool>` when the
 * tool's own name fits unchanged, else its readable part (lower-cased, other
 * characters as _, cut to fit) plus `_` and 8 hex digits of the sha256 of its
 * own name. Sanitising or cutting therefore never merges two tools: `a.b` and
 * `a_b`, or two long names sharing their first 64 characters, stay apart.
 * Server names hold no `_`, so two servers' names never meet either.
 */
export function mcpToolName(server: string, tool: string): string {
  const prefix = `mcp_${server}_`;
  if (KEPT.test(tool) && prefix.length + tool.length <= MAX_TOOL_NAME) return prefix + tool;
  const hash = createHash("sha256").update(tool).digest("hex").slice(0, HASH_LENGTH);
  const room = MAX_TOOL_NAME - prefix.length - HASH_LENGTH - 1;
  const readable = tool.toLowerCase().replace(/[^a-z0-9_]/g, "_").slice(0, room);
  return `${prefix}${readable}_${hash}`;
}

/** Declared tools that would still share a name (only a declaration built to collide gets here); refused at attach. */
export function nameCollisions(server: string, tools: readonly string[]): { name: string; tools: string[] }[] {
  const byName = new Map<string, string[]>();
  for (const tool of tools) {
    const name = mcpToolName(server, tool);
    byName.set(name, [...(byName.get(name) ?? []), tool]);
  }
  return [...byName].filter(([, same]) => same.length > 1).map(([name, same]) => ({ name, tools: same }));
}

export interface DeclaredServer {
  id: string;
  name: string;
  tools: Record<string, McpToolDeclaration>;
}

/**
 * The specs of a server's declared tools: what the surface, the guard, the
 * capability panel, the policy preview, the widening check and the fingerprint
 * read, without contacting the server. Identities whose names still collide
 * (a row stored before names were checked) are left out, all of them, so no
 * name ever stands for two tools.
 */
export function declaredToolSpecs(server: DeclaredServer): ToolSpec[] {
  const tools = Object.keys(server.tools).sort();
  const colliding = new Set(nameCollisions(server.name, tools).flatMap((c) => c.tools));
  return tools
    .filter((tool) => !colliding.has(tool))
    .map((tool) => {
      const declaration = server.tools[tool]!;
      return {
        name: mcpToolName(server.name, tool),
        tier: declaration.tier,
        effects: [...declaration.effects],
        scope: "general" as const,
        description: `[MCP server "${server.name}", tool ${tool}]`,
        origin: { serverId: server.id, server: server.name, tool },
      };
    });
}
