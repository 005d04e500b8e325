import "server-only";
/**
 * M7: turns an attached MCP server's tools into Gatehouse tool definitions for
 * one run. Every connection goes through the web address policy (H4), so a
 * server on a loopback or private address is reachable only where the operator
 * allows it. The harness then gates these tools like built-ins: the surface
 * filters them by their declared tier and effects, the guard refuses what the
 * surface withholds, and the autonomy dial asks for confirmation.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";
import { ToolError, type ToolDefinition } from "../tools/types";
import { webFetch } from "../web/web-network";
import { declaredSpec, mcpToolName } from "./mcp-tool-spec";
import type { AttachedMcpServerConfig } from "./schemas";

const LIST_TIMEOUT_MS = 10_000;
const CALL_TIMEOUT_MS = 120_000;

async function withClient<T>(server: AttachedMcpServerConfig, work: (client: Client) => Promise<T>): Promise<T> {
  const transport = new StreamableHTTPClientTransport(new URL(server.url), { fetch: webFetch(`MCP server "${server.name}"`) as never });
  const client = new Client({ name: "gatehouse", version: "0.1.0" });
  await client.connect(transport);
  try {
    return await work(client);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** The model sees the server's own JSON Schema; arguments are validated by it where zod can express it. */
function inputSchemaOf(schema: unknown): z.ZodType<Record<string, unknown>> {
  try {
    return z.fromJSONSchema(schema as never) as z.ZodType<Record<string, unknown>>;
  } catch {
    return z.record(z.string(), z.unknown());
  }
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return JSON.stringify(content ?? null);
  return content
    .map((part: { type?: string; text?: string }) => (part.type === "text" ? (part.text ?? "") : `[${part.type ?? "unknown"} content]`))
    .join("\n");
}

export async function mcpToolsFromServer(server: AttachedMcpServerConfig): Promise<ToolDefinition[]> {
  const listed = await withClient(server, (client) => client.listTools(undefined, { timeout: LIST_TIMEOUT_MS }));
  return listed.tools.map((tool): ToolDefinition => {
    const spec = declaredSpec(server.tools[tool.name]);
    const declared = spec.declared ? "" : " (undeclared: treated as execute tier)";
    return {
      name: mcpToolName(server.name, tool.name),
      tier: spec.tier,
      effects: spec.effects,
      scope: "general",
      description: `[MCP server "${server.name}", tool ${tool.name}${declared}] ${tool.description ?? ""}`.trim(),
      input: inputSchemaOf(tool.inputSchema) as z.ZodType<unknown>,
      async execute(args, ctx) {
        try {
          const result = await withClient(server, (client) =>
            client.callTool({ name: tool.name, arguments: args as Record<string, unknown> }, undefined, { timeout: CALL_TIMEOUT_MS, signal: ctx.signal }),
          );
          return { output: textOf(result.content), isError: result.isError === true };
        } catch (error) {
          throw new ToolError(`MCP server "${server.name}" failed: ${(error as Error).message}`);
        }
      },
    };
  });
}

/**
 * The tools of every attached server. A server that cannot be reached adds no
 * tools (a call naming one is then refused as not existing) and is reported.
 */
export async function mcpToolsForServers(servers: readonly AttachedMcpServerConfig[]): Promise<{ tools: ToolDefinition[]; unreachable: { name: string; reason: string }[] }> {
  const settled = await Promise.allSettled(servers.map((server) => mcpToolsFromServer(server)));
  const tools: ToolDefinition[] = [];
  const unreachable: { name: string; reason: string }[] = [];
  settled.forEach((outcome, i) => {
    if (outcome.status === "fulfilled") tools.push(...outcome.value);
    else unreachable.push({ name: servers[i]!.name, reason: (outcome.reason as Error).message });
  });
  return { tools, unreachable };
}
