"use client";
/** One message in the conversation: a person's (right), the agent's, or a system line (centred). */
import { isNudge } from "@/lib/plans/outcome";
import { cx } from "@/components/ui/cx";
import { formatTime } from "./format";
import { MessageText } from "./message-text";
import type { RoomMessage } from "./room-types";

export function MessageEntry({ message, agentName, highlighted = false }: Readonly<{ message: RoomMessage; agentName: string; highlighted?: boolean }>) {
  const ring = highlighted && "rounded-md ring-2 ring-amber-400 dark:ring-amber-500";
  if (message.role === "system" || isNudge(message.content)) {
    return (
      <div id={`m-${message.id}`} data-testid="system-message" data-highlighted={highlighted || undefined} className={cx("text-center text-xs text-zinc-500 dark:text-zinc-400", ring)}>
        {message.content.replace(/^\s*\[gatehouse:nudge\]\s*/, "Reminder to the agent: ")}
      </div>
    );
  }
  const mine = message.role === "user";
  const who = mine ? (message.authorName ?? "Someone") : agentName;
  const pending = message.id.startsWith("sending-");
  return (
    <div
      id={pending ? undefined : `m-${message.id}`}
      data-testid={mine ? "user-message" : "assistant-message"}
      data-pending={pending || undefined}
      data-highlighted={highlighted || undefined}
      aria-busy={pending || undefined}
      className={cx(mine && "flex justify-end", pending && "opacity-70")}
    >
      <article
        aria-label={`${who} at ${formatTime(message.createdAt)}`}
        className={cx(
          mine
            ? "max-w-[85%] rounded-2xl rounded-br-sm bg-indigo-50 px-4 py-2.5 text-zinc-900 ring-1 ring-indigo-100 dark:bg-indigo-950/60 dark:text-zinc-100 dark:ring-indigo-900"
            : "text-zinc-900 dark:text-zinc-100",
          highlighted && "ring-2 ring-amber-400 dark:ring-amber-500",
        )}
      >
        <header className="mb-0.5 flex items-baseline gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          <span className="font-medium text-zinc-700 dark:text-zinc-300">{who}</span>
          {pending ? <span>sending…</span> : <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>}
        </header>
        <MessageText text={message.content} citations={!mine} />
      </article>
    </div>
  );
}
