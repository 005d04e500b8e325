"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { useStartThread } from "./room-hooks";
import type { RoomConversation } from "./room-types";

/** M1: a room's conversations — the main one and its threads, which share the room's mode. */
export function ThreadsNav({
  slug,
  roomId,
  conversations,
  current,
  onSelect,
  canWrite,
}: Readonly<{
  slug: string;
  roomId: string;
  conversations: RoomConversation[];
  current: string | undefined;
  onSelect: (id: string) => void;
  canWrite: boolean;
}>) {
  const [title, setTitle] = useState("");
  const [open, setOpen] = useState(false);
  const start = useStartThread(slug, roomId);
  if (conversations.length < 2 && !canWrite) return null;
  const roots = conversations.filter((c) => !c.parentId);
  const childrenOf = (id: string) => conversations.filter((c) => c.parentId === id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!current || !title.trim()) return;
    start.mutate(
      { parentConversationId: current, title: title.trim() },
      {
        onSuccess: ({ thread }) => {
          setTitle("");
          setOpen(false);
          onSelect(thread.id);
        },
      },
    );
  };

  const item = (c: RoomConversation, depth: number) => (
    <li key={c.id}>
      <button
        type="button"
        aria-current={c.id === current ? "true" : undefined}
        onClick={() => onSelect(c.id)}
        data-testid="thread-item"
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
      <div className="flex items-center justify-between px-2 pb-1">
        <h2 className="text-sm font-semibold">Threads</h2>
        {canWrite && !open ? (
          <Button size="sm" variant="ghost" onClick={() => setOpen(true)} data-testid="new-thread" aria-label="New thread under the conversation shown">
            New thread
          </Button>
        ) : null}
      </div>
      <ul>{roots.map((c) => item(c, 0))}</ul>
      {open ? (
        <form onSubmit={submit} className="mt-2 space-y-2 px-2" aria-label="New thread">
          <label className="block text-xs text-zinc-600 dark:text-zinc-400">
            Title
            <input
              autoFocus
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
              data-testid="new-thread-title"
              className="mt-1 w-full rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
            />
          </label>
          {start.error ? <p role="alert" className="text-xs text-red-700 dark:text-red-300">{start.error.message}</p> : null}
          <div className="flex gap-2">
            <Button size="sm" type="submit" loading={start.isPending} disabled={!title.trim()} data-testid="new-thread-submit">
              Start thread
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </nav>
  );
}
