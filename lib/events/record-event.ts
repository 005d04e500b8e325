import "server-only";
/**
 * Room events are rows (replayable after a reconnect, ids are SSE event ids)
 * plus a NOTIFY that tells every process "room R has news up to id N".
 * Text deltas are ephemeral: NOTIFY only, never stored — the final message is.
 */
import type { PrismaClient } from "../db/generated/client";

export const EVENTS_CHANNEL = "gatehouse_events";

type Sql = Pick<PrismaClient, "$queryRaw">;

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

/**
 * One statement, one round trip: the row and its NOTIFY together (a worker records
 * about twenty events per run, so two round trips each was most of its database
 * time). Inside a transaction the NOTIFY is delivered at commit, as before.
 */
export async function recordEvent(sql: Sql, event: RoomEventInput): Promise<bigint> {
  const rows = await sql.$queryRaw<{ id: bigint | string | number }[]>`
    WITH "row" AS (
      INSERT INTO "RunEvent" ("workspaceId", "roomId", "runId", "type", "data")
      VALUES (${event.workspaceId}, ${event.roomId}, ${event.runId ?? null}, ${event.type}, ${JSON.stringify(event.data)}::jsonb)
      RETURNING "id"
    )
    SELECT "row"."id" FROM "row" CROSS JOIN LATERAL (
      SELECT pg_notify(${EVENTS_CHANNEL}, json_build_object('kind', 'stored', 'id', "row"."id"::text, 'workspaceId', ${event.workspaceId}::text, 'roomId', ${event.roomId}::text)::text)
    ) AS "notified"`;
  return BigInt(rows[0]!.id);
}

export async function publishDelta(sql: Pick<PrismaClient, "$executeRaw">, notice: Omit<Extract<EventNotice, { kind: "delta" }>, "kind">): Promise<void> {
  const payload: EventNotice = { kind: "delta", ...notice, delta: notice.delta.slice(0, 6000) };
  await sql.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`;
}
