"use client";
import { useNotifications } from "./notification-hooks";

/** The inbox's unread count, beside the Inbox link; nothing when there is nothing new. */
export function UnreadBadge({ slug }: Readonly<{ slug: string }>) {
  const unread = useNotifications(slug).data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span data-testid="inbox-unread" className="ml-1.5 inline-flex min-w-5 justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
      {unread > 99 ? "99+" : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}
