"use client";
import { useEffect, useState } from "react";
import { cx } from "@/components/ui/cx";
import type { EventStreamStatus } from "./use-event-stream";

const LOOK = {
  open: { dot: "bg-emerald-500", text: "Live", tone: "text-zinc-600 dark:text-zinc-400" },
  connecting: { dot: "bg-zinc-400 animate-pulse motion-reduce:animate-none", text: "Connecting…", tone: "text-zinc-600 dark:text-zinc-400" },
  reconnecting: { dot: "bg-amber-500 animate-pulse motion-reduce:animate-none", text: "Reconnecting…", tone: "text-amber-800 dark:text-amber-300" },
  offline: { dot: "bg-red-500", text: "Offline", tone: "text-red-700 dark:text-red-300" },
} as const;

/** Whether live updates are flowing; offline it counts down to the next attempt and offers one now. */
export function ConnectionStatus({ status, className }: Readonly<{ status: EventStreamStatus; className?: string }>) {
  const look = LOOK[status.state];
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (status.state !== "offline") return;
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, [status.state]);

  const seconds = status.retryAt ? Math.max(0, Math.ceil((status.retryAt - now) / 1_000)) : null;
  return (
    <span data-testid="connection-status" data-state={status.state} className={cx("inline-flex items-center gap-2 text-xs", look.tone, className)}>
      <span role="status" className="inline-flex items-center gap-1.5">
        <span aria-hidden="true" className={cx("size-2 rounded-full", look.dot)} />
        {look.text}
        {status.state === "offline" ? <span>{seconds !== null && seconds > 0 ? `· retrying in ${seconds} s` : "· retrying…"}</span> : null}
        <span className="sr-only">{status.state === "open" ? " updates" : " — live updates paused"}</span>
      </span>
      {status.state === "offline" ? (
        <button type="button" onClick={status.reconnect} className="rounded px-1 font-medium underline underline-offset-2 hover:no-underline">
          Reconnect now
        </button>
      ) : null}
    </span>
  );
}
