import "server-only";
/**
 * Room events are rows (replayable after a reconnect, ids are SSE event ids)
 * plus a NOTIFY that tells every process "room R has news up to id N".
 * Text deltas are ephemeral: NOTIFY only, never stored — the final message is.
 *
 * S4: an event names a room only if that room is in the event's workspace.
 * The check is part of the INSERT (one statement, no extra round trip), and a
 * refusal throws, rolling back the caller's transaction: no write reached by a
 * run can land in another workspace's room or its stream.
 */
import type { PrismaClient } from "../db/generated/client";
import { AppError, notFound } from "../errors/app-error";
import { roomEvent, type RoomEvent } from "./catalogue";

export const EVENTS_CHANNEL = "gatehouse_events";

type Sql = Pick<PrismaClient, "$queryRaw">;

/** A catalogue event and where it happened. */
export type RoomEventInput = RoomEvent & {
  workspaceId: string;
  roomId: string | null;
  runId?: string | null;
};

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
  const { workspaceId, roomId } = event;
  // The type check covers literal callers; data built at run time (harness events) is checked here.
  const parsed = roomEvent.safeParse({ type: event.type, data: event.data });
  if (!parsed.success) throw new AppError("internal", `Event "${event.type}" does not match the event catalogue: ${parsed.error.issues.map((i) => `${i.path.join(".") || "event"}: ${i.message}`).join("; ")}`);
  if (parsed.data.type === "text.delta") throw new AppError("internal", "Text deltas are published, never stored.");
  const { type, data } = parsed.data;
  const rows = await sql.$queryRaw<{ id: bigint | string | number }[]>`
    WITH "row" AS (
      INSERT INTO "RunEvent" ("workspaceId", "roomId", "runId", "type", "data")
      SELECT ${workspaceId}, ${roomId}, ${event.runId ?? null}, ${type}, ${JSON.stringify(data)}::jsonb
      WHERE ${roomId}::text IS NULL
         OR EXISTS (SELECT 1 FROM "Room" WHERE "id" = ${roomId} AND "workspaceId" = ${workspaceId})
      RETURNING "id"
    )
    SELECT "row"."id" FROM "row" CROSS JOIN LATERAL (
      SELECT pg_notify(${EVENTS_CHANNEL}, json_build_object('kind', 'stored', 'id', "row"."id"::text, 'workspaceId', ${workspaceId}::text, 'roomId', ${roomId}::text)::text)
    ) AS "notified"`;
  const row = rows[0];
  if (!row) throw notFound("That room (in this workspace)");
  return BigInt(row.id);
}

/** Deltas are not stored; callers bind them to a room already checked (the run's scoped room). */
export async function publishDelta(sql: Pick<PrismaClient, "$executeRaw">, notice: Omit<Extract<EventNotice, { kind: "delta" }>, "kind">): Promise<void> {
  const payload: EventNotice = { kind: "delta", ...notice, delta: notice.delta.slice(0, 6000) };
  await sql.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`;
}
