/**
 * M8: a tool has one identity from the guard's decision to its execution. A
 * built-in is its name; an attached MCP tool is the server row it was declared
 * on plus its own name there — the name the model calls it by is derived from
 * that, never the other way round. Pure.
 */
import type { ToolSpec } from "./types";

export function toolIdentity(spec: ToolSpec): string {
  return spec.origin ? `mcp:${spec.origin.serverId}/${spec.origin.tool}` : spec.name;
}
