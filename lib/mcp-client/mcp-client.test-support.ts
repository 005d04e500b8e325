/**
 * Test support: a real MCP server (the SDK's, Streamable HTTP, stateless) on a
 * local port, with a read tool, a write tool and a tool nobody declared — or
 * the tools a test names, which it may change while the server runs (what
 * tools/list answers is read on every request). It records every call that
 * reaches it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export interface LocalMcpServer {
  url: string;
  port: number;
  /** tool calls that reached the server: [tool, args] */
  calls: [string, unknown][];
  /** HTTP requests of any kind that reached it */
  requests: number;
  /** from the next request on, the server lists (and answers) exactly these tools, in this order */
  setTools(tools: readonly string[]): void;
  close(): Promise<void>;
}

/** A tool of a test's own list: takes an optional `key`, records the call and answers "<name> ran". */
function registerPlainTool(server: McpServer, name: string, calls: [string, unknown][]) {
  server.registerTool(name, { description: `Test tool ${name}.`, inputSchema: { key: z.string().optional() } }, async (args) => {
    calls.push([name, args]);
    return { content: [{ type: "text" as const, text: `${name} ran` }] };
  });
}

function buildServer(calls: [string, unknown][], tools: readonly string[] | null): McpServer {
  const server = new McpServer({ name: "notes", version: "1.0.0" }, { capabilities: { tools: {} } });
  if (tools) {
    for (const name of tools) registerPlainTool(server, name, calls);
    return server;
  }
  server.registerTool("lookup", { description: "Look up a note by key.", inputSchema: { key: z.string() } }, async ({ key }) => {
    calls.push(["lookup", { key }]);
    return { content: [{ type: "text" as const, text: `note ${key}: ship on Friday` }] };
  });
  server.registerTool("write_note", { description: "Store a note.", inputSchema: { key: z.string(), text: z.string() } }, async (args) => {
    calls.push(["write_note", args]);
    return { content: [{ type: "text" as const, text: "stored" }] };
  });
  server.registerTool("mystery", { description: "Does something.", inputSchema: {} }, async () => {
    calls.push(["mystery", {}]);
    return { content: [{ type: "text" as const, text: "done" }] };
  });
  return server;
}

export async function startLocalMcpServer(tools?: readonly string[]): Promise<LocalMcpServer> {
  const calls: [string, unknown][] = [];
  const state: { requests: number; tools: readonly string[] | null } = { requests: 0, tools: tools ?? null };
  const http: Server = createServer(async (req, res) => {
    state.requests += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
    const server = buildServer(calls, state.tools);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    res.on("close", () => void server.close());
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    calls,
    get requests() {
      return state.requests;
    },
    setTools(next) {
      state.tools = [...next];
    },
    async close() {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

/** The declaration the tests attach: lookup is read tier, write_note write tier; mystery is undeclared. */
export const NOTES_DECLARATION = {
  lookup: { tier: "read" as const, effects: [] },
  write_note: { tier: "write" as const, effects: ["write_outside_worktree" as const] },
};
