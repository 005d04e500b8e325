import "server-only";
/**
 * Room events are rows (replayable after a reconnect, ids are SSE event ids)
 * plus a NOTIFY that tells every process "room R has news up to id N".
 * Text deltas are ephemeral: NOTIFY only, never stored — the final message is.
 */
import type { Prisma, PrismaClient } from "../db/generated/client";

export const EVENTS_CHANNEL = "gatehouse_events";

type Sql = Pick<PrismaClient, "runEvent" | "$executeRaw">;

export interface RoomEventInput {
  workspaceId: string;
  roomId: string | null;
  runId?: string | null;
  type: string;
  data: Record<string, unknown>;
}

/** What travels over NOTIFY (kept far below PostgreSQL's 8 kB payload limit). */
export type EventNotice =
  | { kind: "stored"; id: string; workspaceId: string; roomId: string | null }
  | { kind: "delta"; workspaceId: string; roomId: string | null; runId: string; delta: string };

export async function recordEvent(sql: Sql, event: RoomEventInput): Promise<bigint> {
  const row = await sql.runEvent.create({
    data: {
      workspaceId: event.workspaceId,
      roomId: event.roomId,
      runId: event.runId ?? null,
      type: event.type,
      data: event.data as Prisma.InputJsonValue,
    },
    select: { id: true },
  });
  const notice: EventNotice = { kind: "stored", id: row.id.toString(), workspaceId: event.workspaceId, roomId: event.roomId };
  await sql.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(notice)})`;
  return row.id;
}

export async function publishDelta(sql: Pick<PrismaClient, "$executeRaw">, notice: Omit<Extract<EventNotice, { kind: "delta" }>, "kind">): Promise<void> {
  const payload: EventNotice = { kind: "delta", ...notice, delta: notice.delta.slice(0, 6000) };
  await sql.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`;
}
