import "server-only";
/**
 * M7: turns an attached MCP server's tools into Gatehouse tool definitions for
 * one run. Every connection goes through the web address policy (H4), so a
 * server on a loopback or private address is reachable only where the operator
 * allows it. The harness then gates these tools like built-ins: the surface
 * filters them by their declared tier and effects, the guard refuses what the
 * surface withholds, and the autonomy dial asks for confirmation.
 *
 * M8: what the server lists now may differ from what was declared. The listing
 * is matched to the declared identities by the tool's exact own name, never by
 * the sanitised name: a declared tool the server no longer lists is left out,
 * and a listed tool the declaration does not name (a new tool, or one renamed
 * so that it sanitises like a declared one) has no identity and never runs.
 * Each definition calls exactly the tool of its identity on the server.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";
import { ToolError, type ToolDefinition } from "../tools/types";
import { webFetch } from "../web/web-network";
import { declaredToolSpecs } from "./mcp-tool-spec";
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

/** A listed tool this run does not offer, and why (reported to the operator's log). */
export interface SkippedMcpTool {
  server: string;
  tool: string;
  reason: string;
}

export async function mcpToolsFromServer(server: AttachedMcpServerConfig): Promise<{ tools: ToolDefinition[]; skipped: SkippedMcpTool[] }> {
  const listed = await withClient(server, (client) => client.listTools(undefined, { timeout: LIST_TIMEOUT_MS }));
  const byOwnName = new Map<string, (typeof listed.tools)[number][]>();
  for (const tool of listed.tools) byOwnName.set(tool.name, [...(byOwnName.get(tool.name) ?? []), tool]);
  const declared = declaredToolSpecs(server);
  const known = new Set(declared.map((spec) => spec.origin!.tool));
  const skipped: SkippedMcpTool[] = [...byOwnName.keys()]
    .filter((tool) => !known.has(tool))
    .map((tool) => ({ server: server.name, tool, reason: "the declaration does not name it, so it is never offered" }));
  const tools = declared.flatMap((spec): ToolDefinition[] => {
    const own = spec.origin!.tool;
    const matches = byOwnName.get(own) ?? [];
    if (matches.length !== 1) {
      skipped.push({ server: server.name, tool: own, reason: matches.length === 0 ? "declared, but the server no longer lists it" : "the server lists it more than once" });
      return [];
    }
    const listing = matches[0]!;
    return [
      {
        ...spec,
        description: `${spec.description} ${listing.description ?? ""}`.trim(),
        input: inputSchemaOf(listing.inputSchema) as z.ZodType<unknown>,
        async execute(args, ctx) {
          try {
            const result = await withClient(server, (client) =>
              client.callTool({ name: own, arguments: args as Record<string, unknown> }, undefined, { timeout: CALL_TIMEOUT_MS, signal: ctx.signal }),
            );
            return { output: textOf(result.content), isError: result.isError === true };
          } catch (error) {
            throw new ToolError(`MCP server "${server.name}" failed: ${(error as Error).message}`);
          }
        },
      },
    ];
  });
  return { tools, skipped };
}

/**
 * The tools of every attached server. A server that cannot be reached adds no
 * tools (a call naming one is then refused as not existing) and is reported.
 */
export async function mcpToolsForServers(
  servers: readonly AttachedMcpServerConfig[],
): Promise<{ tools: ToolDefinition[]; unreachable: { name: string; reason: string }[]; skipped: SkippedMcpTool[] }> {
  const settled = await Promise.allSettled(servers.map((server) => mcpToolsFromServer(server)));
  const tools: ToolDefinition[] = [];
  const unreachable: { name: string; reason: string }[] = [];
  const skipped: SkippedMcpTool[] = [];
  settled.forEach((outcome, i) => {
    if (outcome.status === "fulfilled") {
      tools.push(...outcome.value.tools);
      skipped.push(...outcome.value.skipped);
    } else unreachable.push({ name: servers[i]!.name, reason: (outcome.reason as Error).message });
  });
  return { tools, unreachable, skipped };
}
