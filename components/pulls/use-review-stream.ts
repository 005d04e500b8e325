"use client";
/**
 * A live SSE subscription to the events reviews care about. The shared
 * useEventStream (components/live) listens only to the names in
 * LIVE_EVENT_TYPES, and EventSource hands named events only to listeners
 * registered by name, so review pages list their own. Same contract: the
 * first connect resumes after the snapshot's event id, EventSource resends
 * Last-Event-ID while it retries by itself, and when it gives up the hook
 * reconnects with backoff from the last id it saw.
 */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import type { LiveEvent } from "@/components/live/live-event";
import type { EventStreamStatus, StreamState } from "@/components/live/use-event-stream";

/** Events of pull requests, findings and reviews, plus the run events that say a reviewer is working. */
export const REVIEW_EVENT_TYPES = [
  "pull.opened",
  "pull.head_changed",
  "finding.created",
  "finding.updated",
  "finding.dropped",
  "review.published",
  "axes.recorded",
  "run.queued",
  "run.started",
  "run.waiting",
  "run.finished",
] as const;

const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export function useReviewStream(url: string | null, after: string | null | undefined, onEvent: (event: LiveEvent) => void): EventStreamStatus {
  const [state, setState] = useState<StreamState>("connecting");
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
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
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      if (event.id) lastId.current = event.id;
      deliver(event);
    };
    for (const type of REVIEW_EVENT_TYPES) source.addEventListener(type, listener as EventListener);
    source.onopen = () => {
      failures.current = 0;
      setState("open");
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CONNECTING) {
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
  }, [url, attempt]);

  const reconnect = useCallback(() => {
    failures.current = 0;
    setAttempt((n) => n + 1);
  }, []);

  return { state, retryAt, reconnect };
}
