"use client";
/**
 * Keeps the inbox's unread count live on every workspace page, adds what
 * concerns the person to the top bar's notifications (./notifications-menu.tsx)
 * and, when they opted in, shows it as a browser notification: decisions
 * waiting on them (approvals, plans, proposals), pull requests opened, reviews
 * asked of them, verdicts, mentions. The server decides what concerns whom
 * (lib/notifications); this listens to the workspace stream and asks for what
 * arrived after the last cursor.
 */
import { useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, useRef } from "react";
import type { NotificationItem, NotificationsView } from "@/lib/notifications/schemas";
import type { StreamEvent } from "@/lib/events/catalogue";
import { useEventStream } from "@/components/live/use-event-stream";
import { workspaceApi } from "@/components/workspaces/keys";
import { addToFeed, BROWSER_OPT_IN_KEY, fetchNotifications, notificationKeys, useMarkInboxSeen, useNotifications } from "./notification-hooks";

const RELEVANT = new Set([
  "approval.requested",
  "approval.decided",
  "review.published",
  "message.created",
  "proposal.created",
  "proposal.decided",
  "plan.submitted",
  "plan.decided",
  "pull.opened",
  "pull.review_requested",
  "pull.review_request_withdrawn",
]);

const EVENT_TYPES = [...RELEVANT];

function showBrowserNotification(item: NotificationItem, open: (href: string) => void): void {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  if (localStorage.getItem(BROWSER_OPT_IN_KEY) !== "on") return;
  const shown = new Notification(item.title, { body: item.body, tag: `gatehouse-${item.kind}-${item.id}` });
  shown.onclick = () => {
    window.focus();
    open(item.href);
  };
}

export function NotificationListener({ slug }: Readonly<{ slug: string }>) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const pathname = usePathname();
  const onInbox = pathname === `/w/${slug}/inbox`;
  const view = useNotifications(slug);
  const seen = useMarkInboxSeen(slug);
  const cursor = useRef<string | null>(null);
  const busy = useRef<Promise<void> | null>(null);
  if (view.data && cursor.current === null) cursor.current = view.data.cursor;

  // Opening the inbox marks it seen; so does anything arriving while it is open.
  const markSeen = seen.mutate;
  useEffect(() => {
    if (onInbox) markSeen();
  }, [onInbox, markSeen]);

  const refresh = useCallback(async () => {
    const after = cursor.current;
    if (after === null) return;
    const next = await fetchNotifications(slug, after).catch(() => null);
    if (!next) return;
    cursor.current = next.cursor;
    queryClient.setQueryData<NotificationsView>(notificationKeys.workspace(slug), { ...next, items: [] });
    for (const item of next.items) showBrowserNotification(item, (href) => router.push(href));
    if (next.items.length > 0) addToFeed(queryClient, slug, next.items);
    if (onInbox && next.unread > 0) markSeen();
  }, [slug, queryClient, router, onInbox, markSeen]);

  const onEvent = useCallback(
    (event: StreamEvent) => {
      if (!RELEVANT.has(event.type)) return;
      // One request at a time; a burst of events collapses into the next one.
      busy.current = (busy.current ?? Promise.resolve()).then(refresh);
    },
    [refresh],
  );
  useEventStream(view.data ? `${workspaceApi(slug)}/events` : null, view.data?.cursor, onEvent, EVENT_TYPES);
  return null;
}

