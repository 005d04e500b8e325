import "server-only";
/**
 * Turns harness events into room events: durable rows for everything a person
 * may need after a reconnect, and NOTIFY-only text deltas (batched, so a fast
 * model does not cost one NOTIFY per token).
 */
import type { PrismaClient } from "../db/generated/client";
import { publishDelta, recordEvent } from "../events/record-event";
import type { EventSink, HarnessEvent } from "../harness/types";

const DELTA_FLUSH_MS = 40;

export function createHarnessEventSink(prisma: PrismaClient, scope: { workspaceId: string; roomId: string | null }): EventSink & { flush(): Promise<void> } {
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
      const { type, runId, ...data } = event;
      await recordEvent(prisma, { workspaceId: scope.workspaceId, roomId: scope.roomId, runId, type, data });
    },
  };
}
