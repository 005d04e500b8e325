"use client";
/**
 * Reads again after live events without starving the read. A run emits
 * events faster than the snapshot can be read; invalidating on each one would
 * cancel every read in flight and none would ever land. Here one read runs at
 * a time: events that arrive meanwhile mark it dirty, and one more read
 * follows, started after the last of them — so the final state always lands.
 */
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";

/** Runs the latest `read` serially after a burst settles (`settleMs`); the returned trigger is stable. */
export function useSerialRead(read: () => Promise<unknown>, settleMs: number): () => void {
  const latest = useRef(read);
  const state = useRef({ running: false, again: false, alive: true });

  useEffect(() => {
    latest.current = read;
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
        await latest.current().catch(() => undefined);
      } while (s.again && s.alive);
      s.running = false;
    })();
  }, [settleMs]);
}

/** Refetches one query serially after live events. */
export function useSerialRefetch(queryKey: QueryKey, settleMs = 80): () => void {
  const queryClient = useQueryClient();
  return useSerialRead(async () => {
    await queryClient.cancelQueries({ queryKey, exact: true });
    await queryClient.refetchQueries({ queryKey, exact: true });
  }, settleMs);
}
