import "server-only";
/**
 * P6: one HTTP request to /api/mcp (Streamable HTTP, stateless). The bearer
 * token is checked first — a bad one gets 401 with no MCP work done — then a
 * server for that person answers this one request with JSON. Stateless keeps
 * any web process able to answer any request, like the rest of the API.
 * G5: an authenticated request marks the person connected (presence), so a
 * run that needs their approval waits for it instead of being refused.
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { PrismaClient } from "../db/generated/client";
import { refreshMcpPresence } from "../presence/track-presence";
import { authenticateMcpToken } from "./authenticate-mcp-token";
import { createMcpServer } from "./create-mcp-server";

export async function handleMcpRequest(prisma: PrismaClient, req: Request): Promise<Response> {
  const user = await authenticateMcpToken(prisma, req.headers.get("authorization"));
  if (!user) {
    return Response.json(
      { jsonrpc: "2.0", error: { code: -32001, message: "Missing or invalid token: send Authorization: Bearer <token>, created under Settings → MCP tokens." }, id: null },
      { status: 401, headers: { "www-authenticate": 'Bearer realm="gatehouse-mcp"' } },
    );
  }
  await refreshMcpPresence(prisma, user.id);
  const server = createMcpServer(prisma, user);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
  } finally {
    // With JSON responses the answer is complete here; closing frees the per-request server.
    await server.close();
  }
}
