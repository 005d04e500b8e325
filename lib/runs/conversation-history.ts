import "server-only";
/**
 * The transcript a new run starts from: the conversation's messages as model
 * messages. Tool calls of earlier runs are summarized by their final texts;
 * each run keeps its own full transcript in its checkpoint.
 */
import type { ModelMessage } from "ai";
import type { PrismaClient } from "../db/generated/client";

const MAX_HISTORY = 40;

export async function conversationHistory(prisma: Pick<PrismaClient, "message">, conversationId: string): Promise<ModelMessage[]> {
  const rows = await prisma.message.findMany({
    where: { conversationId, role: { in: ["user", "assistant"] } },
    orderBy: { createdAt: "desc" },
    take: MAX_HISTORY,
    select: { role: true, content: true },
  });
  return rows
    .reverse()
    .filter((m) => m.content.trim().length > 0)
    .map((m) => (m.role === "user" ? { role: "user", content: m.content } : { role: "assistant", content: m.content }));
}
