import "server-only";
/**
 * H5: one LISTEN per process on the access channel. Every process forgets a
 * revoked session or a changed membership as soon as the notice arrives, and
 * open streams of that person close. The process that made the change also
 * tells itself directly (`announceLocally`), so it does not wait for the
 * round trip.
 */
import { ACCESS_CHANNEL, parseAccessNotice, type AccessNotice } from "@/lib/auth/access-notice";
import { getDatabase } from "@/lib/db/client";

type Listener = (notice: AccessNotice) => void;

// On globalThis: Next may load this module once per route bundle; all of them share one watch.
const globalForWatch = globalThis as unknown as { gatehouseAccessWatch?: { listeners: Set<Listener>; wired: Promise<void> | null } };
const watch = (globalForWatch.gatehouseAccessWatch ??= { listeners: new Set(), wired: null });

function dispatch(notice: AccessNotice) {
  for (const listener of watch.listeners) {
    try {
      listener(notice);
    } catch (error) {
      console.error("[gatehouse] access listener failed", error);
    }
  }
}

/** Resolves once this process listens for access changes (first call subscribes). */
export function watchAccess(): Promise<void> {
  watch.wired ??= getDatabase()
    .then((db) =>
      db.listen(ACCESS_CHANNEL, (payload) => {
        const notice = parseAccessNotice(payload);
        if (notice) dispatch(notice);
      }),
    )
    .then(() => undefined)
    .catch((error) => {
      // Try again on the next request rather than never listening.
      watch.wired = null;
      throw error;
    });
  return watch.wired;
}

export function onAccessChange(listener: Listener): () => void {
  watch.listeners.add(listener);
  return () => void watch.listeners.delete(listener);
}

/** Applies a change in this process at once (the NOTIFY reaches the others). */
export function announceLocally(notice: AccessNotice): void {
  dispatch(notice);
}
