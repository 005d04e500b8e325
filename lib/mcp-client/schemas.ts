/**
 * M7, M8: what a workspace declares about an attached MCP server. The
 * declaration, not the server, decides which of its tools exist for agents and
 * each one's tier and effect classes, so profiles, guards and approvals treat
 * them like built-ins; a tool the server offers but the declaration omits is
 * never offered.
 */
import { z } from "zod";
import { EFFECT_CLASSES, TIERS } from "../modes/types";

export const mcpToolDeclaration = z.strictObject({
  tier: z.enum(TIERS, { error: `tier must be one of ${TIERS.join(", ")}` }),
  effects: z.array(z.enum(EFFECT_CLASSES, { error: `effect must be one of ${EFFECT_CLASSES.join(", ")}` })).max(EFFECT_CLASSES.length).default([]),
});
export type McpToolDeclaration = z.infer<typeof mcpToolDeclaration>;

export const MCP_SERVER_NAME = /^[a-z][a-z0-9]{0,19}$/;

export const attachMcpServerBody = z.strictObject({
  name: z.string().regex(MCP_SERVER_NAME, "name: a lower-case letter, then up to 19 lower-case letters or digits (its tools become mcp_<name>_<tool>)"),
  url: z.url({ protocol: /^https?$/, error: "url must be the server's http(s) Streamable HTTP endpoint" }).max(2048),
  /** keyed by the tool's own name on the server (MCP allows up to 128 characters) */
  tools: z.record(z.string().min(1, "a tool name must not be empty").max(128, "a tool name has at most 128 characters"), mcpToolDeclaration).default({}),
});
export type AttachMcpServerBody = z.input<typeof attachMcpServerBody>;

/** What is stored and loaded for a run. */
export interface AttachedMcpServerConfig {
  /** M8: the server row; with a tool's own name it is the tool's identity */
  id: string;
  name: string;
  url: string;
  tools: Record<string, McpToolDeclaration>;
}

export const storedTools = z.record(z.string(), mcpToolDeclaration);
