"use client";
/**
 * A live SSE subscription with its connection state, for people to see.
 *
 * The first connect sends `?after=<id>` (the id of the newest event in the
 * snapshot the page rendered), so nothing between the snapshot and the stream
 * is lost. While the connection drops and comes back, EventSource itself
 * resends `Last-Event-ID`. When the browser gives up (the server answered
 * with an error, or the network was gone too long) the hook reconnects with
 * backoff from the last id it saw, and right away when the browser comes back
 * online or the person asks.
 */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { parseStreamEvent, ROOM_EVENT_TYPES, type StreamEvent } from "@/lib/events/catalogue";

export type StreamState = "connecting" | "open" | "reconnecting" | "offline";

export interface EventStreamStatus {
  state: StreamState;
  /** when state is "offline": when the next attempt starts (ms since epoch) */
  retryAt: number | null;
  /** reconnect now instead of waiting for the backoff */
  reconnect: () => void;
}

const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * `eventTypes` are the event names to listen to: EventSource hands named events
 * only to listeners registered by name. Pass a constant array.
 */
export function useEventStream(
  url: string | null,
  after: string | null | undefined,
  onEvent: (event: StreamEvent) => void,
  eventTypes: readonly string[] = ROOM_EVENT_TYPES,
): EventStreamStatus {
  const [state, setState] = useState<StreamState>("connecting");
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Read once per connection: a refetched snapshot must not restart the stream.
  const lastId = useRef<string | null>(after ?? null);
  const failures = useRef(0);
  const deliver = useEffectEvent(onEvent);

  useEffect(() => {
    if (!url) return;
    const cursor = lastId.current;
    const source = new EventSource(cursor ? `${url}${url.includes("?") ? "&" : "?"}after=${encodeURIComponent(cursor)}` : url);
    let timer: ReturnType<typeof setTimeout> | null = null;
    setState(attempt === 0 ? "connecting" : "reconnecting");
    setRetryAt(null);

    const listener = (message: MessageEvent<string>) => {
      let event: StreamEvent | null;
      try {
        event = parseStreamEvent(JSON.parse(message.data));
      } catch {
        return;
      }
      // An event outside the catalogue (a newer server's) is not ours to interpret.
      if (!event) return;
      if (event.id) lastId.current = event.id;
      deliver(event);
    };
    for (const type of eventTypes) source.addEventListener(type, listener as EventListener);

    source.onopen = () => {
      failures.current = 0;
      setState("open");
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CONNECTING) {
        // The browser retries by itself and sends Last-Event-ID.
        setState("reconnecting");
        return;
      }
      source.close();
      const wait = BACKOFF_MS[Math.min(failures.current, BACKOFF_MS.length - 1)]!;
      failures.current += 1;
      setState("offline");
      setRetryAt(Date.now() + wait);
      timer = setTimeout(() => setAttempt((n) => n + 1), wait);
    };

    const online = () => {
      if (source.readyState === EventSource.CLOSED) setAttempt((n) => n + 1);
    };
    window.addEventListener("online", online);
    return () => {
      if (timer) clearTimeout(timer);
      window.removeEventListener("online", online);
      source.close();
    };
  }, [url, attempt, eventTypes]);

  const reconnect = useCallback(() => {
    failures.current = 0;
    setAttempt((n) => n + 1);
  }, []);

  return { state, retryAt, reconnect };
}
