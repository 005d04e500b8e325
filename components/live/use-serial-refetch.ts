"use client";
/**
 * Refetches a query after live events without starving it. A run emits
 * events faster than the snapshot can be read; invalidating on each one would
 * cancel every read in flight and none would ever land. Here one read runs at
 * a time: events that arrive meanwhile mark it dirty, and one more read
 * follows, started after the last of them — so the final state always lands.
 */
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";

export function useSerialRefetch(queryKey: QueryKey, settleMs = 80): () => void {
  const queryClient = useQueryClient();
  const key = useRef(queryKey);
  const state = useRef({ running: false, again: false, alive: true });

  useEffect(() => {
    key.current = queryKey;
  });

  useEffect(() => {
    const s = state.current;
    s.alive = true;
    return () => {
      s.alive = false;
    };
  }, []);

  return useCallback(() => {
    const s = state.current;
    if (s.running) {
      s.again = true;
      return;
    }
    s.running = true;
    void (async () => {
      do {
        s.again = false;
        // Let a burst of events settle into one read.
        await new Promise((resolve) => setTimeout(resolve, settleMs));
        if (!s.alive) break;
        await queryClient.cancelQueries({ queryKey: key.current, exact: true });
        await queryClient.refetchQueries({ queryKey: key.current, exact: true }).catch(() => undefined);
      } while (s.again && s.alive);
      s.running = false;
    })();
  }, [queryClient, settleMs]);
}
