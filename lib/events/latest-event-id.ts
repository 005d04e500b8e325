/**
 * The id of the newest stored event of a workspace or a room, as the SSE event
 * id a page hands its live stream ("0" when there is none yet). A page reads
 * it with its snapshot; the stream resumes after it (Last-Event-ID), so an
 * event that lands while the snapshot is read is replayed, never lost.
 */
import type { PrismaClient } from "../db/generated/client";

export async function latestEventId(prisma: Pick<PrismaClient, "runEvent">, scope: { workspaceId: string } | { roomId: string; workspaceId?: string }): Promise<string> {
  const latest = await prisma.runEvent.findFirst({ where: scope, orderBy: { id: "desc" }, select: { id: true } });
  return latest?.id.toString() ?? "0";
}
