import "server-only";
/** P6: `Authorization: Bearer <token>` → the token's user, or null for a missing, malformed or revoked token. */
import type { PrismaClient } from "../db/generated/client";
import { hashMcpToken, MCP_TOKEN_PREFIX } from "./mcp-token";

export interface McpUser {
  id: string;
  name: string;
  email: string;
}

/** Writing lastUsedAt on every call would make each MCP request a write; a minute is precise enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticateMcpToken(prisma: PrismaClient, authorization: string | null): Promise<McpUser | null> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  const token = match?.[1];
  if (!token || !token.startsWith(MCP_TOKEN_PREFIX) || token.length > 200) return null;
  const row = await prisma.mcpToken.findUnique({
    where: { tokenHash: hashMcpToken(token) },
    include: { user: { select: { id: true, name: true, email: true } } },
  });
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await prisma.mcpToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } }).catch(() => undefined);
  }
  return row.user;
}
