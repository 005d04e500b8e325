"use client";
/**
 * Find in a room: a labelled search box over the room's messages and tool calls
 * (every conversation and thread); each result opens its place in the
 * conversation, highlighted, through the same deep link a shared URL uses.
 */
import { useDeferredValue, useId, useState } from "react";
import { ApiError } from "@/components/ui/fetch-json";
import { Spinner } from "@/components/ui/spinner";
import type { RoomSearchResult } from "@/lib/rooms/search-room";
import { formatDateTime } from "./format";
import { useRoomSearch } from "./history-hooks";

/** The snippet with the matched words (between « and ») marked. */
function Snippet({ text }: Readonly<{ text: string }>) {
  const parts = text.split(/«|»/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-zinc-900 dark:bg-amber-700/60 dark:text-zinc-100">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

export function RoomSearch({ slug, roomId, onOpen }: Readonly<{ slug: string; roomId: string; onOpen: (result: RoomSearchResult) => void }>) {
  const id = useId();
  const [text, setText] = useState("");
  const q = useDeferredValue(text.trim());
  const search = useRoomSearch(slug, roomId, q);
  const results = q ? (search.data ?? []) : [];

  return (
    <section aria-labelledby={`${id}-title`} data-testid="room-search" className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <h2 id={`${id}-title`} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        Find in this room
      </h2>
      <form role="search" className="mt-2" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={`${id}-q`} className="sr-only">
          Find messages and tool calls in this room
        </label>
        <input
          id={`${id}-q`}
          type="search"
          data-testid="room-search-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Words, a file, a command…"
          aria-describedby={`${id}-status`}
          className="block w-full rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm shadow-xs dark:border-zinc-700 dark:bg-zinc-900"
        />
      </form>
      <p id={`${id}-status`} role="status" className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
        {!q ? null : search.isError ? null : search.isFetching && !search.data ? (
          <span className="inline-flex items-center gap-1">
            <Spinner /> Searching…
          </span>
        ) : results.length === 0 ? (
          "Nothing in this room matches."
        ) : (
          `${results.length === 30 ? "The newest 30" : results.length} ${results.length === 1 ? "match" : "matches"}`
        )}
      </p>
      {q && search.isError ? (
        <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
          {search.error instanceof ApiError ? search.error.message : "The search failed."}{" "}
          <button type="button" className="font-medium underline" onClick={() => void search.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      {results.length ? (
        <ul className="mt-2 max-h-80 space-y-1 overflow-y-auto" aria-label="Matches">
          {results.map((result) => (
            <li key={`${result.kind}-${result.id}`}>
              <button
                type="button"
                data-testid="room-search-result"
                data-kind={result.kind}
                onClick={() => onOpen(result)}
                className="block w-full rounded-md px-2 py-1.5 text-left text-xs hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:hover:bg-zinc-800"
              >
                <span className="block text-zinc-500 dark:text-zinc-400">
                  {result.kind === "tool_call" ? <code className="font-mono">{result.tool}</code> : result.role === "user" ? "Message" : result.role === "system" ? "Notice" : "Agent"} ·{" "}
                  <time dateTime={result.createdAt}>{formatDateTime(result.createdAt)}</time>
                </span>
                <span className="line-clamp-2 text-zinc-800 dark:text-zinc-200">
                  <Snippet text={result.snippet} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
