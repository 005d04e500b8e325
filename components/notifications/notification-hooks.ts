"use client";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { NotificationItem, NotificationSettings, NotificationSettingsBody, NotificationsView } from "@/lib/notifications/schemas";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi } from "@/components/workspaces/keys";

export const notificationKeys = {
  all: ["notifications"] as const,
  workspace: (slug: string) => [...notificationKeys.all, slug] as const,
  /** what arrived while this page was open, newest first, for the top bar's list (client-side only) */
  feed: (slug: string) => ["notification-feed", slug] as const,
};

/** One entry of the in-app list: the notification and whether its person has seen the list since. */
export interface FeedItem extends NotificationItem {
  seen: boolean;
}

/** The in-app list keeps this many; older ones give way (the inbox keeps what waits). */
const FEED_LIMIT = 30;

export function addToFeed(queryClient: QueryClient, slug: string, items: readonly NotificationItem[]): void {
  queryClient.setQueryData<FeedItem[]>(notificationKeys.feed(slug), (old = []) => {
    const known = new Set(old.map((i) => i.id));
    const fresh = items.filter((i) => !known.has(i.id)).map((i) => ({ ...i, seen: false }));
    return [...fresh.reverse(), ...old].slice(0, FEED_LIMIT);
  });
}

export function useNotificationFeed(slug: string) {
  const queryClient = useQueryClient();
  const feed = useQuery<FeedItem[]>({ queryKey: notificationKeys.feed(slug), queryFn: () => queryClient.getQueryData<FeedItem[]>(notificationKeys.feed(slug)) ?? [], initialData: [], staleTime: Infinity });
  const markSeen = () => queryClient.setQueryData<FeedItem[]>(notificationKeys.feed(slug), (old = []) => old.map((i) => ({ ...i, seen: true })));
  return { items: feed.data, unseen: feed.data.filter((i) => !i.seen).length, markSeen };
}

/** Where the browser keeps the person's opt-in (the browser's permission is separate and asked once). */
export const BROWSER_OPT_IN_KEY = "gatehouse-browser-notifications";

export const fetchNotifications = (slug: string, after?: string) =>
  fetchJson<NotificationsView>(`${workspaceApi(slug)}/notifications${after ? `?after=${encodeURIComponent(after)}` : ""}`);

export function useNotifications(slug: string) {
  return useQuery({ queryKey: notificationKeys.workspace(slug), queryFn: () => fetchNotifications(slug), staleTime: Infinity });
}

export function useMarkInboxSeen(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<{ unread: number }>(`${workspaceApi(slug)}/notifications/seen`, { method: "POST" }),
    onSuccess: () =>
      queryClient.setQueryData<NotificationsView>(notificationKeys.workspace(slug), (old) => (old ? { ...old, unread: 0 } : old)),
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationSettingsBody) =>
      (await fetchJson<{ settings: NotificationSettings }>("/api/me/notifications", { method: "PATCH", json: body })).settings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
