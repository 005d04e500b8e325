import "server-only";
/**
 * One LISTEN per process, fanned out in memory to every open stream. When a
 * room has news, the hub reads the new rows once and hands them to all of the
 * room's subscribers, so a thousand viewers of a room cost one query per event.
 */
import type { Database } from "../db/client";
import { parseStreamEvent, type StreamEvent } from "./catalogue";
import { EVENTS_CHANNEL, type EventNotice } from "./record-event";

export interface Subscription {
  /** "room:<id>" or "workspace:<id>" */
  topic: string;
  /** receives every new stored event of the topic and its deltas; dedupes by id itself */
  deliver(event: StreamEvent): void;
}

interface TopicState {
  subscribers: Set<Subscription>;
  /** highest id already fetched for this topic */
  fetched: bigint;
  fetching: Promise<void> | null;
  pending: boolean;
}

export interface EventHub {
  /** resolves once the subscriber will receive every event stored from now on */
  subscribe(sub: Subscription): Promise<() => void>;
  /** stored events after `after`, oldest first (replay after a reconnect) */
  replay(topic: string, after: bigint, limit?: number): Promise<StreamEvent[]>;
  /** called for every stored event's notice, before it is fanned out (cache invalidation) */
  onStored(listener: (notice: { workspaceId: string; roomId: string | null }) => void): () => void;
  size(): number;
}

function whereOf(topic: string) {
  const [scope, id] = topic.split(":");
  return scope === "room" ? { roomId: id } : { workspaceId: id };
}

/** A stored row as the stream carries it; null (and skipped) when its shape left the catalogue. */
function toStreamEvent(row: { id: bigint; type: string; roomId: string | null; runId: string | null; data: unknown; createdAt: Date }): StreamEvent | null {
  return parseStreamEvent({ id: row.id.toString(), type: row.type, roomId: row.roomId, runId: row.runId, data: row.data, createdAt: row.createdAt.toISOString() });
}

export async function createEventHub(db: Database): Promise<EventHub> {
  const topics = new Map<string, TopicState>();
  const storedListeners = new Set<(notice: { workspaceId: string; roomId: string | null }) => void>();

  async function fetchNew(topic: string, state: TopicState) {
    const rows = await db.prisma.runEvent.findMany({
      where: { ...whereOf(topic), id: { gt: state.fetched } },
      orderBy: { id: "asc" },
      take: 500,
    });
    for (const row of rows) {
      state.fetched = row.id;
      const event = toStreamEvent(row);
      if (!event) continue;
      for (const sub of state.subscribers) sub.deliver(event);
    }
    if (rows.length === 500) state.pending = true;
  }

  /** Coalesces bursts of notices into sequential fetches per topic. */
  function poke(topic: string) {
    const state = topics.get(topic);
    if (!state) return;
    if (state.fetching) {
      state.pending = true;
      return;
    }
    state.fetching = fetchNew(topic, state)
      .catch((error) => console.error("[gatehouse] event fan-out failed", error))
      .finally(() => {
        state.fetching = null;
        if (state.pending) {
          state.pending = false;
          poke(topic);
        }
      });
  }

  await db.listen(EVENTS_CHANNEL, (payload) => {
    let notice: EventNotice;
    try {
      notice = JSON.parse(payload) as EventNotice;
    } catch {
      return;
    }
    const topicsHit = [`workspace:${notice.workspaceId}`, ...(notice.roomId ? [`room:${notice.roomId}`] : [])];
    if (notice.kind === "delta") {
      const event: StreamEvent = { type: "text.delta", roomId: notice.roomId, runId: notice.runId, data: { delta: notice.delta } };
      const room = notice.roomId ? topics.get(`room:${notice.roomId}`) : undefined;
      room?.subscribers.forEach((sub) => sub.deliver(event));
      return;
    }
    for (const listener of storedListeners) listener(notice);
    for (const topic of topicsHit) poke(topic);
  });

  return {
    async subscribe(sub) {
      let state = topics.get(sub.topic);
      if (!state) {
        // Start the shared cursor at "now"; older events come from replay().
        const latest = await db.prisma.runEvent.findFirst({ where: whereOf(sub.topic), orderBy: { id: "desc" }, select: { id: true } });
        state = topics.get(sub.topic) ?? { subscribers: new Set(), fetched: latest?.id ?? 0n, fetching: null, pending: false };
        topics.set(sub.topic, state);
      }
      const joined = state;
      joined.subscribers.add(sub);
      return () => {
        joined.subscribers.delete(sub);
        if (joined.subscribers.size === 0 && topics.get(sub.topic) === joined) topics.delete(sub.topic);
      };
    },
    async replay(topic, after, limit = 1000) {
      const rows = await db.prisma.runEvent.findMany({
        where: { ...whereOf(topic), id: { gt: after } },
        orderBy: { id: "asc" },
        take: limit,
      });
      return rows.map(toStreamEvent).filter((event) => event !== null);
    },
    onStored(listener) {
      storedListeners.add(listener);
      return () => storedListeners.delete(listener);
    },
    size() {
      let n = 0;
      for (const state of topics.values()) n += state.subscribers.size;
      return n;
    },
  };
}

// Versioned, so a dev server that hot-reloads this module does not keep a hub of the old shape.
const HUB_KEY = "gatehouseHub.v2";
const globalForHub = globalThis as unknown as Record<typeof HUB_KEY, Promise<EventHub> | undefined>;

/** The process-wide hub (created on first use). */
export function getEventHub(getDb: () => Promise<Database>): Promise<EventHub> {
  globalForHub[HUB_KEY] ??= getDb().then(createEventHub);
  return globalForHub[HUB_KEY];
}
