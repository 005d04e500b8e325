import "server-only";
/**
 * Turns harness events into room events: durable rows for everything a person
 * may need after a reconnect, and NOTIFY-only text deltas (batched, so a fast
 * model does not cost one NOTIFY per token).
 */
import type { PrismaClient } from "../db/generated/client";
import { roomEvent, type RoomEvent, type RoomEventOf } from "../events/catalogue";
import { publishDelta, recordEvent } from "../events/record-event";
import type { EventSink, HarnessEvent } from "../harness/types";

type Stored = Exclude<HarnessEvent, { type: "text.delta" }>;
/** Fails the type check when a harness event's fields stop matching its catalogue entry. */
type Misfits<E extends Stored> = E extends unknown ? (Omit<E, "type" | "runId"> extends RoomEventOf<E["type"]>["data"] ? never : E["type"]) : never;
const harnessEventsFitTheCatalogue: [Misfits<Stored>] extends [never] ? true : Misfits<Stored> = true;
void harnessEventsFitTheCatalogue;

/** The harness event as a catalogue event (checked against it at run time as well). */
function toRoomEvent(event: Stored, extra: Record<string, unknown> = {}): RoomEvent {
  const { type, runId: _runId, ...data } = event;
  return roomEvent.parse({ type, data: { ...data, ...extra } });
}

const DELTA_FLUSH_MS = 40;

export interface SinkScope {
  workspaceId: string;
  roomId: string | null;
  /** where the agent's words are kept as messages (null for runs without a conversation) */
  conversationId: string | null;
}

export function createHarnessEventSink(prisma: PrismaClient, scope: SinkScope): EventSink & { flush(): Promise<void> } {
  let buffer = "";
  let bufferRun = "";
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!buffer) return;
    const delta = buffer;
    buffer = "";
    await publishDelta(prisma, { workspaceId: scope.workspaceId, roomId: scope.roomId, runId: bufferRun, delta }).catch(() => undefined);
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
        const conversationId = scope.conversationId;
        await prisma.$transaction(async (tx) => {
          const message = await tx.message.create({ data: { conversationId, role: "assistant", runId, content: event.text } });
          await recordEvent(tx, { workspaceId: scope.workspaceId, roomId: scope.roomId, runId, ...toRoomEvent(event, { messageId: message.id }) });
        });
        return;
      }
      await recordEvent(prisma, { workspaceId: scope.workspaceId, roomId: scope.roomId, runId, ...toRoomEvent(event) });
    },
  };
}
