import "server-only";
/**
 * Caches hot read models (the room view, the inbox) per process. Every change
 * to a room records an event, so an entry is valid until the event hub sees a
 * stored event for its workspace — then it is recomputed on the next read.
 * Writes through this process invalidate at once (read-your-writes); writes
 * from workers arrive by NOTIFY within milliseconds. A short TTL bounds
 * anything that changes without an event.
 */
import { getDatabase } from "@/lib/db/client";
import { getEventHub } from "@/lib/events/event-hub";

const TTL_MS = 15_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  value: unknown;
  version: number;
  expires: number;
}

const globalForCache = globalThis as unknown as {
  gatehouseReadCache?: { entries: Map<string, Entry>; versions: Map<string, number>; wired: Promise<void> | null };
};
const cache = (globalForCache.gatehouseReadCache ??= { entries: new Map(), versions: new Map(), wired: null });

function versionOf(workspaceId: string): number {
  return cache.versions.get(workspaceId) ?? 0;
}

/** Marks everything cached for a workspace stale. */
export function invalidateWorkspace(workspaceId: string): void {
  cache.versions.set(workspaceId, versionOf(workspaceId) + 1);
}

function wire(): Promise<void> {
  cache.wired ??= getEventHub(getDatabase).then((hub) => {
    hub.onStored((notice) => invalidateWorkspace(notice.workspaceId));
  });
  return cache.wired;
}

export async function cachedRead<T>(workspaceId: string, key: string, compute: () => Promise<T>): Promise<T> {
  await wire();
  const fullKey = `${workspaceId}:${key}`;
  const version = versionOf(workspaceId);
  const hit = cache.entries.get(fullKey);
  if (hit && hit.version === version && hit.expires > Date.now()) return hit.value as T;
  const value = await compute();
  // Stored under the version seen before computing: an event during the compute makes it stale at once.
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  cache.entries.set(fullKey, { value, version, expires: Date.now() + TTL_MS });
  return value;
}
