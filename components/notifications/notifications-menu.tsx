"use client";
/**
 * The top bar's notifications, in the app: what concerned the person since
 * this page opened (decisions waiting, pull requests opened, reviews asked of
 * them, verdicts, mentions), newest first, each linking where it happened.
 * The button counts what they have not looked at; opening the list marks it
 * seen. A disclosure (button + panel), closed with Escape or a click outside.
 */
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { cx } from "@/components/ui/cx";
import { useNotificationFeed } from "./notification-hooks";

export function NotificationsMenu({ slug }: Readonly<{ slug: string }>) {
  const { items, unseen, markSeen } = useNotificationFeed(slug);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    markSeen();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", escape);
    };
    // markSeen only writes the cache: what matters is opening, and news arriving while open.
  }, [open, items.length]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        data-testid="notifications-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="relative flex h-8 items-center gap-1.5 rounded-md border border-zinc-300 px-2.5 text-sm font-medium text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M10 2a5 5 0 0 0-5 5v2.6l-1.4 2.8A1 1 0 0 0 4.5 14h11a1 1 0 0 0 .9-1.6L15 9.6V7a5 5 0 0 0-5-5Zm0 16a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 10 18Z" />
        </svg>
        <span className="sr-only">Notifications</span>
        {unseen > 0 ? (
          <span data-testid="notifications-unseen" className="inline-flex min-w-5 justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
            {unseen}
            <span className="sr-only"> new</span>
          </span>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} data-testid="notifications-panel" className="absolute right-0 z-30 mt-1 w-[min(24rem,calc(100vw-1.5rem))] rounded-lg border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-950">
          <p className="px-2 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">Since you opened this page</p>
          {items.length === 0 ? <p className="px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400">Nothing new. What waits for you is in the inbox.</p> : null}
          <ul className="max-h-96 overflow-y-auto">
            {items.map((item) => (
              <li key={item.id} data-testid="in-app-notification" data-kind={item.kind}>
                <Link
                  href={item.href}
                  onClick={() => setOpen(false)}
                  className={cx("block rounded-md px-2 py-2 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800", !item.seen && "bg-indigo-50/60 dark:bg-indigo-950/40")}
                >
                  <span className="block font-medium text-zinc-900 [overflow-wrap:anywhere] dark:text-zinc-100">{item.title}</span>
                  {item.body ? <span className="mt-0.5 line-clamp-2 block text-zinc-700 [overflow-wrap:anywhere] dark:text-zinc-300">{item.body}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
          <Link href={`/w/${encodeURIComponent(slug)}/inbox`} onClick={() => setOpen(false)} className="mt-1 block rounded-md px-2 py-1.5 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            Open the inbox
          </Link>
        </div>
      ) : null}
    </div>
  );
}
