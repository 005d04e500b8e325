import { createMcpToken } from "@/lib/mcp/create-mcp-token";
import { listMcpTokens } from "@/lib/mcp/list-mcp-tokens";
import { createMcpTokenBody } from "@/lib/mcp/schemas";
import { readJson, withUser } from "@/server/with-workspace";

/** P6: your MCP tokens (names and dates only). */
export const GET = withUser(async ({ prisma, user }) => Response.json({ tokens: await listMcpTokens(prisma, user.id) }));

/** P6: create a token; the secret is in this response only. */
export const POST = withUser(async ({ req, prisma, user }) => {
  const body = await readJson(req, createMcpTokenBody);
  const created = await createMcpToken(prisma, user.id, body);
  return Response.json(created, { status: 201, headers: { "cache-control": "no-store" } });
});
