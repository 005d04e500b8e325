import "server-only";
/**
 * Caches hot read models (the room view, the inbox) per process. Every change
 * to a room records an event, so an entry is valid until the event hub sees a
 * stored event for its workspace — then it is recomputed on the next read.
 * Writes through this process invalidate at once (read-your-writes); writes
 * from workers arrive by NOTIFY within milliseconds. A short TTL bounds
 * anything that changes without an event.
 *
 * A read of one room (its view) depends only on that room's events, so it is
 * kept while other rooms of the workspace are busy: a run in one room does not
 * make every other room's view recompute. Writes through this process still
 * invalidate everything of their workspace.
 */
import { getDatabase } from "@/lib/db/client";
import { getEventHub } from "@/lib/events/event-hub";

const TTL_MS = 15_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  value: unknown;
  version: string;
  expires: number;
}

const globalForCache = globalThis as unknown as {
  gatehouseReadCache?: { entries: Map<string, Entry>; versions: Map<string, number>; wired: Promise<void> | null };
};
const cache = (globalForCache.gatehouseReadCache ??= { entries: new Map(), versions: new Map(), wired: null });

function versionOf(key: string): number {
  return cache.versions.get(key) ?? 0;
}

function bump(key: string): void {
  cache.versions.set(key, versionOf(key) + 1);
}

/** Marks everything cached for a workspace stale (a write through this process). */
export function invalidateWorkspace(workspaceId: string): void {
  bump(workspaceId);
  bump(`writes:${workspaceId}`);
}

/** What an entry was computed under: any stored event of the workspace, or only writes here and its room's events. */
function versionFor(workspaceId: string, roomId: string | undefined): string {
  return roomId ? `${versionOf(`writes:${workspaceId}`)}:${versionOf(`room:${roomId}`)}` : String(versionOf(workspaceId));
}

function wire(): Promise<void> {
  cache.wired ??= getEventHub(getDatabase).then((hub) => {
    hub.onStored((notice) => {
      bump(notice.workspaceId);
      if (notice.roomId) bump(`room:${notice.roomId}`);
    });
  });
  return cache.wired;
}

/** `scope.roomId`: the value depends only on that room's events (and on writes made through this process). */
export async function cachedRead<T>(workspaceId: string, key: string, compute: () => Promise<T>, scope?: { roomId: string }): Promise<T> {
  await wire();
  const fullKey = `${workspaceId}:${key}`;
  const version = versionFor(workspaceId, scope?.roomId);
  const hit = cache.entries.get(fullKey);
  if (hit && hit.version === version && hit.expires > Date.now()) return hit.value as T;
  const value = await compute();
  // Stored under the version seen before computing: an event during the compute makes it stale at once.
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  cache.entries.set(fullKey, { value, version, expires: Date.now() + TTL_MS });
  return value;
}
