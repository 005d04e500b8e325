import "server-only";
/** P6: a person creates an MCP token for themselves; the token is returned once and never stored. */
import type { PrismaClient } from "../db/generated/client";
import { AppError } from "../errors/app-error";
import { generateMcpToken } from "./mcp-token";
import type { CreateMcpTokenBody } from "./schemas";

/** Enough for every client a person uses; a limit keeps a leaked session from minting thousands. */
const MAX_TOKENS_PER_USER = 25;

export async function createMcpToken(prisma: PrismaClient, userId: string, body: CreateMcpTokenBody) {
  if ((await prisma.mcpToken.count({ where: { userId } })) >= MAX_TOKENS_PER_USER) {
    throw new AppError("unprocessable", `You have ${MAX_TOKENS_PER_USER} tokens; revoke one you no longer use first.`);
  }
  const { token, tokenHash } = generateMcpToken();
  const row = await prisma.mcpToken.create({ data: { userId, name: body.name, tokenHash } });
  return { token: { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null }, secret: token };
}
