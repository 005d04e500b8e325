"use client";
/**
 * A conversation's history on the client: pages of lib/rooms/get-room-history
 * in one infinite query (pages[0] the newest loaded, each further page older),
 * the refresh of the newest page after live events, the whole of a tool call
 * on demand, and find in a room. Keys from ./keys.
 */
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { HistoryPage } from "@/lib/rooms/get-room-history";
import type { RoomSearchResult } from "@/lib/rooms/search-room";
import type { ToolCallDetail } from "@/lib/rooms/get-tool-call-detail";
import { useSerialRead } from "@/components/live/use-serial-refetch";
import { fetchJson } from "@/components/ui/fetch-json";
import { roomApi, roomKeys } from "./keys";

/** Entries in the first page: the first page of a 5,000-message room stays far below 150 KB. */
export const HISTORY_PAGE_SIZE = 40;
/** Entries per earlier page: bigger, so a reader going far back waits for fewer round trips. */
const OLDER_PAGE_SIZE = 100;
/** The newest page refreshed after live events may have grown; this many entries at most, then paging on. */
const TAIL_LIMIT = 200;

export type HistoryParam = { before?: string; after?: string; from?: string; around?: string };
export type HistoryData = InfiniteData<HistoryPage, HistoryParam>;

function historyUrl(slug: string, roomId: string, conversationId: string | null, param: HistoryParam, limit = HISTORY_PAGE_SIZE): string {
  const search = new URLSearchParams({ limit: String(limit) });
  // `around` finds its own conversation; the others read the conversation shown.
  if (conversationId && !param.around) search.set("conversation", conversationId);
  for (const [key, value] of Object.entries(param)) if (value) search.set(key, value);
  return `${roomApi(slug, roomId)}/history?${search}`;
}

export function useRoomHistory(
  slug: string,
  roomId: string,
  conversationId: string | null,
  anchor: string | null,
  initialPage?: HistoryPage,
) {
  const initialParam: HistoryParam = anchor ? { around: anchor } : {};
  return useInfiniteQuery({
    queryKey: roomKeys.history(slug, roomId, conversationId, anchor),
    queryFn: ({ pageParam }) => fetchJson<HistoryPage>(historyUrl(slug, roomId, conversationId, pageParam, pageParam.before ? OLDER_PAGE_SIZE : HISTORY_PAGE_SIZE)),
    initialPageParam: initialParam,
    // "Next" is older (appended), "previous" is newer (prepended): pages[0] is the newest loaded.
    getNextPageParam: (last): HistoryParam | undefined => (last.older ? { before: last.older } : undefined),
    getPreviousPageParam: (first): HistoryParam | undefined => (first.newer ? { after: first.newer } : undefined),
    initialData: initialPage ? { pages: [initialPage], pageParams: [initialParam] } : undefined,
    // Pages change through refreshNewest(), never by refetching every loaded page.
    staleTime: Infinity,
    // Structural sharing would compare every loaded page deeply on each new one: seconds of main
    // thread far back in a long room. Pages are replaced whole instead.
    structuralSharing: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * Re-reads the newest loaded page from its first entry on (inclusive), so
 * entries that arrived and runs that moved on replace it. One read at a time;
 * calls meanwhile make one more read after it, so the last state always lands.
 * Does nothing while the newest loaded page is not the present (a deep link
 * opened further back): scrolling down reaches the present by paging.
 */
/**
 * Re-reads the newest loaded page of one history query from its first entry on
 * (inclusive), so entries that arrived and runs that moved on replace it. Does
 * nothing while the newest loaded page is not the present (a deep link opened
 * further back): scrolling down reaches the present by paging.
 */
export async function refreshNewestPage(queryClient: QueryClient, queryKey: QueryKey, slug: string, roomId: string): Promise<void> {
  const data = queryClient.getQueryData<HistoryData>(queryKey);
  const newest = data?.pages[0];
  if (!data || !newest || newest.newer) return;
  const param: HistoryParam = newest.older ? { from: newest.older } : {};
  const page = await fetchJson<HistoryPage>(historyUrl(slug, roomId, newest.conversationId, param, TAIL_LIMIT));
  queryClient.setQueryData<HistoryData>(queryKey, (current) => {
    // An older page may have landed meanwhile; replace only the newest, keep the rest.
    if (!current || current.pages[0]?.older !== newest.older) return current;
    return { pages: [page, ...current.pages.slice(1)], pageParams: current.pageParams };
  });
}

/** The newest page of every open history of the room (after this person posted). */
export function refreshRoomHistories(queryClient: QueryClient, slug: string, roomId: string): Promise<unknown> {
  const queries = queryClient.getQueryCache().findAll({ queryKey: roomKeys.histories(slug, roomId) });
  return Promise.all(queries.map((q) => refreshNewestPage(queryClient, q.queryKey, slug, roomId).catch(() => undefined)));
}

/**
 * refreshNewestPage after live events without starving it: one read at a time;
 * calls meanwhile make one more read after it, so the last state always lands.
 */
export function useRefreshNewestPage(slug: string, roomId: string, conversationId: string | null, anchor: string | null): () => void {
  const queryClient = useQueryClient();
  const key = roomKeys.history(slug, roomId, conversationId, anchor);
  return useSerialRead(() => refreshNewestPage(queryClient, key, slug, roomId), 60);
}

/** The whole arguments and result of a tool call, read when its row is opened. */
export function useToolCallDetail(slug: string, roomId: string, toolCallId: string, enabled: boolean) {
  return useQuery({
    queryKey: roomKeys.toolCall(slug, roomId, toolCallId),
    queryFn: async () => (await fetchJson<{ call: ToolCallDetail }>(`${roomApi(slug, roomId)}/tool-calls/${encodeURIComponent(toolCallId)}`)).call,
    enabled,
    staleTime: 30_000,
  });
}

/** Find in a room; the previous results stay while the next ones load. */
export function useRoomSearch(slug: string, roomId: string, q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: roomKeys.search(slug, roomId, query),
    queryFn: async () => (await fetchJson<{ results: RoomSearchResult[] }>(`${roomApi(slug, roomId)}/search?${new URLSearchParams({ q: query })}`)).results,
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
