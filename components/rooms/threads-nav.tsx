"use client";
import { cx } from "@/components/ui/cx";
import type { RoomConversation } from "./room-types";

/** M1: a room's conversations — the main one and its threads, which share the room's mode. */
export function ThreadsNav({
  conversations,
  current,
  onSelect,
}: Readonly<{ conversations: RoomConversation[]; current: string | undefined; onSelect: (id: string) => void }>) {
  if (conversations.length < 2) return null;
  const roots = conversations.filter((c) => !c.parentId);
  const childrenOf = (id: string) => conversations.filter((c) => c.parentId === id);
  const item = (c: RoomConversation, depth: number) => (
    <li key={c.id}>
      <button
        type="button"
        aria-current={c.id === current ? "true" : undefined}
        onClick={() => onSelect(c.id)}
        className={cx(
          "w-full truncate rounded px-2 py-1 text-left text-sm",
          depth > 0 && "pl-5",
          c.id === current ? "bg-zinc-100 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100" : "text-zinc-600 hover:bg-zinc-50 dark:text-zinc-400 dark:hover:bg-zinc-800/60",
        )}
      >
        {depth > 0 ? <span aria-hidden="true">↳ </span> : null}
        {c.title}
      </button>
      {childrenOf(c.id).length ? <ul>{childrenOf(c.id).map((child) => item(child, depth + 1))}</ul> : null}
    </li>
  );
  return (
    <nav data-testid="threads" aria-label="Conversations and threads" className="rounded-lg border border-zinc-200 bg-white px-2 py-2 dark:border-zinc-800 dark:bg-zinc-900">
      <h2 className="px-2 pb-1 text-sm font-semibold">Threads</h2>
      <ul>{roots.map((c) => item(c, 0))}</ul>
    </nav>
  );
}
