import "server-only";
/**
 * An SSE stream of a topic: replays stored events after the client's last id
 * (Last-Event-ID), then continues live, in order and without duplicates —
 * live events that arrive during the replay are held back and deduplicated.
 * H5: the server can end a stream (`closeSignal`, e.g. the person lost access);
 * from that moment nothing more is sent on it.
 */
import type { StreamEvent } from "./catalogue";
import type { EventHub } from "./event-hub";

export interface OpenStreamOptions {
  hub: EventHub;
  topic: string;
  after: bigint;
  signal: AbortSignal;
  /** aborting it ends the stream from the server's side: nothing more is delivered */
  closeSignal?: AbortSignal;
  /** runs while the stream is open (presence heartbeats) */
  onOpen?: () => Promise<() => Promise<void>>;
  heartbeatMs?: number;
}

function encode(event: StreamEvent): string {
  const lines = [`event: ${event.type}`];
  if (event.id) lines.push(`id: ${event.id}`);
  lines.push(`data: ${JSON.stringify(event)}`);
  return `${lines.join("\n")}\n\n`;
}

export function openEventStream(options: OpenStreamOptions): Response {
  const encoder = new TextEncoder();
  let cleanup: (() => Promise<void>) | null = null;

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let cursor = options.after;
      let replaying = true;
      const held: StreamEvent[] = [];
      let closed = false;
      const send = (text: string) => {
        if (closed || options.closeSignal?.aborted) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          closed = true;
        }
      };
      const deliver = (event: StreamEvent) => {
        if (replaying) return void held.push(event);
        if (event.id) {
          const id = BigInt(event.id);
          if (id <= cursor) return;
          cursor = id;
        }
        send(encode(event));
      };

      const unsubscribe = await options.hub.subscribe({ topic: options.topic, deliver });
      const stopPresence = options.onOpen ? await options.onOpen() : null;
      send(`retry: 2000\n: connected\n\n`);
      for (const event of await options.hub.replay(options.topic, options.after)) {
        cursor = BigInt(event.id!);
        send(encode(event));
      }
      replaying = false;
      for (const event of held.splice(0)) deliver(event);

      const heartbeat = setInterval(() => send(`: keep-alive\n\n`), options.heartbeatMs ?? 15_000);
      let cleaned = false;
      cleanup = async () => {
        if (cleaned) return;
        cleaned = true;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        await stopPresence?.();
      };
      const end = () => {
        void cleanup?.();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      options.signal.addEventListener("abort", end);
      options.closeSignal?.addEventListener("abort", end);
      if (options.signal.aborted || options.closeSignal?.aborted) end();
    },
    async cancel() {
      await cleanup?.();
    },
  });

  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
