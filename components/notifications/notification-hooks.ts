"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationSettings, NotificationSettingsBody, NotificationsView } from "@/lib/notifications/schemas";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi } from "@/components/workspaces/keys";

export const notificationKeys = {
  all: ["notifications"] as const,
  workspace: (slug: string) => [...notificationKeys.all, slug] as const,
};

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
