import "server-only";
/**
 * Turns harness events into room events: durable rows for everything a person
 * may need after a reconnect, and NOTIFY-only text deltas (batched, so a fast
 * model does not cost one NOTIFY per token). Written through the database's raw
 * runner, outside any transaction: about twenty a run, each one statement.
 */
import type { Database } from "../db/client";
import { newRowId, timestampParam } from "../db/raw-values";
import { type RoomEvent, type RoomEventOf } from "../events/catalogue";
import { catalogueEvent, publishDelta, recordCheckedEvent } from "../events/record-event";
import type { EventSink, HarnessEvent } from "../harness/types";

type Stored = Exclude<HarnessEvent, { type: "text.delta" }>;
/** Fails the type check when a harness event's fields stop matching its catalogue entry. */
type Misfits<E extends Stored> = E extends unknown ? (Omit<E, "type" | "runId"> extends RoomEventOf<E["type"]>["data"] ? never : E["type"]) : never;
const harnessEventsFitTheCatalogue: [Misfits<Stored>] extends [never] ? true : Misfits<Stored> = true;
void harnessEventsFitTheCatalogue;

/** The harness event as a catalogue event (checked against it at run time as well, once). */
function toRoomEvent(event: Stored, extra: Record<string, unknown> = {}): RoomEvent {
  const { type, runId: _runId, ...data } = event;
  return catalogueEvent({ type, data: { ...data, ...extra } } as RoomEvent);
}

const DELTA_FLUSH_MS = 40;

export interface SinkScope {
  workspaceId: string;
  roomId: string | null;
  /** where the agent's words are kept as messages (null for runs without a conversation) */
  conversationId: string | null;
}

export function createHarnessEventSink(db: Pick<Database, "sql">, scope: SinkScope): EventSink & { flush(): Promise<void> } {
  let buffer = "";
  let bufferRun = "";
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!buffer) return;
    const delta = buffer;
    buffer = "";
    await publishDelta(db.sql, { workspaceId: scope.workspaceId, roomId: scope.roomId, runId: bufferRun, delta }).catch(() => undefined);
  }

  return {
    flush,
    async emit(event: HarnessEvent) {
      if (event.type === "text.delta") {
        bufferRun = event.runId;
        buffer += event.delta;
        timer ??= setTimeout(() => void flush(), DELTA_FLUSH_MS);
        return;
      }
      // Everything after a delta must arrive after it, so drain the buffer first.
      await flush();
      const runId = event.runId;
      if (event.type === "message" && scope.conversationId) {
        // The agent's words are part of the conversation: they survive a reload and feed the next run.
        // The message and its event are one statement under the event's S4 check: both land or neither.
        const messageId = newRowId();
        const message = {
          sql: (n: number) => `INSERT INTO "Message" ("id", "conversationId", "role", "runId", "content", "createdAt")
            SELECT $${n}::text, $${n + 1}::text, 'assistant', $${n + 2}::text, $${n + 3}::text, $${n + 4}::timestamp(3) FROM "allowed" RETURNING "id"`,
          params: [messageId, scope.conversationId, runId, event.text, timestampParam(new Date())],
        };
        await recordCheckedEvent(db.sql, { workspaceId: scope.workspaceId, roomId: scope.roomId, runId, ...toRoomEvent(event, { messageId }) }, message);
        return;
      }
      await recordCheckedEvent(db.sql, { workspaceId: scope.workspaceId, roomId: scope.roomId, runId, ...toRoomEvent(event) });
    },
  };
}
