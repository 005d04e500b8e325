import "server-only";
/**
 * The whole arguments and result of one tool call of a room, loaded when a
 * person opens the call; the history pages carry only previews
 * (./load-history-entries.ts).
 */
import type { PrismaClient } from "../db/generated/client";
import { notFound } from "../errors/app-error";

export async function getToolCallDetail(prisma: PrismaClient, workspaceId: string, roomId: string, toolCallId: string) {
  const call = await prisma.toolCall.findFirst({
    where: { id: toolCallId, run: { roomId, workspaceId } },
    select: { id: true, runId: true, callId: true, tool: true, args: true, result: true, status: true },
  });
  if (!call) throw notFound("That tool call");
  return call;
}
export type ToolCallDetail = Awaited<ReturnType<typeof getToolCallDetail>>;
