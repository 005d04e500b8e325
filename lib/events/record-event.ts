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
import type { SqlRunner } from "../db/migrate";
import { AppError, notFound } from "../errors/app-error";
import { roomEvent, type RoomEvent } from "./catalogue";

export const EVENTS_CHANNEL = "gatehouse_events";

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
 * Where an event is written: a Prisma client or transaction (the event is part of the
 * caller's transaction), or the database's raw runner outside any transaction (the
 * worker's hot path: a statement through it costs the worker under half the CPU of one through Prisma).
 */
export type EventWriter = Pick<PrismaClient, "$queryRawUnsafe"> | SqlRunner;

async function queryRows<T>(writer: EventWriter, text: string, params: unknown[]): Promise<T[]> {
  return "query" in writer ? (await writer.query<T>(text, params)).rows : writer.$queryRawUnsafe<T[]>(text, ...params);
}

/** The event checked against the catalogue (data built at run time, such as harness events, is checked here). */
export function catalogueEvent(event: RoomEvent): RoomEvent {
  const parsed = roomEvent.safeParse({ type: event.type, data: event.data });
  if (!parsed.success) throw new AppError("internal", `Event "${event.type}" does not match the event catalogue: ${parsed.error.issues.map((i) => `${i.path.join(".") || "event"}: ${i.message}`).join("; ")}`);
  if (parsed.data.type === "text.delta") throw new AppError("internal", "Text deltas are published, never stored.");
  return parsed.data;
}

/** Another row written by the event's statement, under the event's S4 check: both land or neither. */
export interface GuardedInsert {
  /** an INSERT … SELECT … whose SELECT ends in `FROM "allowed"`; `$n` counts on from `firstParam` */
  sql(firstParam: number): string;
  params: unknown[];
}

/**
 * One statement, one round trip: the row and its NOTIFY together (a worker records
 * about twenty events per run, so two round trips each was most of its database
 * time). Inside a transaction the NOTIFY is delivered at commit, as before.
 */
export async function recordEvent(writer: EventWriter, event: RoomEventInput, also?: GuardedInsert): Promise<bigint> {
  return recordCheckedEvent(writer, { ...event, ...catalogueEvent(event) }, also);
}

/** recordEvent for an event already checked by catalogueEvent (not parsed a second time). */
export async function recordCheckedEvent(writer: EventWriter, event: RoomEventInput, also?: GuardedInsert): Promise<bigint> {
  const { workspaceId, roomId, type, data } = event;
  const params: unknown[] = [workspaceId, roomId, event.runId ?? null, type, JSON.stringify(data), EVENTS_CHANNEL];
  const guarded = also ? `, "also" AS (${also.sql(params.length + 1)})` : "";
  if (also) params.push(...also.params);
  const rows = await queryRows<{ id: bigint | string | number }>(
    writer,
    `WITH "allowed" AS (
      SELECT 1 WHERE $2::text IS NULL OR EXISTS (SELECT 1 FROM "Room" WHERE "id" = $2::text AND "workspaceId" = $1::text)
    ), "row" AS (
      INSERT INTO "RunEvent" ("workspaceId", "roomId", "runId", "type", "data")
      SELECT $1::text, $2::text, $3::text, $4::text, $5::jsonb FROM "allowed"
      RETURNING "id"
    )${guarded}
    SELECT "row"."id"::text AS "id" FROM "row" CROSS JOIN LATERAL (
      SELECT pg_notify($6::text, json_build_object('kind', 'stored', 'id', "row"."id"::text, 'workspaceId', $1::text, 'roomId', $2::text)::text)
    ) AS "notified"`,
    params,
  );
  const row = rows[0];
  if (!row) throw notFound("That room (in this workspace)");
  return BigInt(row.id);
}

/** Deltas are not stored; callers bind them to a room already checked (the run's scoped room). */
export async function publishDelta(writer: EventWriter, notice: Omit<Extract<EventNotice, { kind: "delta" }>, "kind">): Promise<void> {
  const payload: EventNotice = { kind: "delta", ...notice, delta: notice.delta.slice(0, 6000) };
  await queryRows(writer, "SELECT pg_notify($1::text, $2::text)", [EVENTS_CHANNEL, JSON.stringify(payload)]);
}
