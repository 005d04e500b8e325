import "server-only";
/** P6: revoking deletes the hash, so the token stops working on its next request. Another person's token id is "not found". */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";

export async function revokeMcpToken(prisma: PrismaClient, userId: string, tokenId: string): Promise<void> {
  const { count } = await prisma.mcpToken.deleteMany({ where: { id: tokenId, userId } });
  if (count === 0) throw notFound("That token");
}
