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
      const { type, runId, ...data } = event;
      if (event.type === "message" && scope.conversationId) {
        // The agent's words are part of the conversation: they survive a reload and feed the next run.
        const conversationId = scope.conversationId;
        await prisma.$transaction(async (tx) => {
          const message = await tx.message.create({ data: { conversationId, role: "assistant", runId, content: event.text } });
          await recordEvent(tx, { workspaceId: scope.workspaceId, roomId: scope.roomId, runId, type, data: { ...data, messageId: message.id } });
        });
        return;
      }
      await recordEvent(prisma, { workspaceId: scope.workspaceId, roomId: scope.roomId, runId, type, data });
    },
  };
}
