"use client";
/**
 * Cmd/Ctrl+K: a command palette for jumping to rooms, pull requests, places
 * and actions; `?` opens the shortcuts. A combobox over a listbox (arrow keys
 * move, Enter opens), inside the native modal dialog. Rooms and pull requests
 * load when the palette first opens, from the same queries the lists use.
 */
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { RoomListItem } from "@/lib/rooms/list-rooms";
import { pullKeys } from "@/components/pulls/keys";
import type { PullRequestSummary } from "@/components/pulls/pull-types";
import { roomKeys } from "@/components/rooms/keys";
import { cx } from "@/components/ui/cx";
import { fetchJson } from "@/components/ui/fetch-json";
import { isTyping } from "@/components/ui/use-row-keys";
import { workspaceApi } from "@/components/workspaces/keys";
import { useWorkspace } from "@/components/workspaces/workspace-context";
import { placeItems, rankItems, type PaletteItem } from "./palette-items";
import { ShortcutsDialog } from "./shortcuts-dialog";

export function CommandPalette({ slug }: Readonly<{ slug: string }>) {
  const router = useRouter();
  const { role } = useWorkspace();
  const [open, setOpen] = useState(false);
  const [shortcuts, setShortcuts] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const listId = useId();

  const rooms = useQuery({
    queryKey: roomKeys.list(slug),
    queryFn: async () => (await fetchJson<{ rooms: RoomListItem[] }>(`${workspaceApi(slug)}/rooms`)).rooms,
    enabled: loaded,
  });
  const pulls = useQuery({
    queryKey: pullKeys.list(slug),
    queryFn: async () => (await fetchJson<{ pullRequests: PullRequestSummary[] }>(`${workspaceApi(slug)}/pulls`)).pullRequests,
    enabled: loaded,
    refetchOnWindowFocus: false,
  });

  const items = useMemo(() => {
    const base = `/w/${encodeURIComponent(slug)}`;
    const all: PaletteItem[] = [
      ...placeItems(slug, role),
      ...(rooms.data ?? []).map((r) => ({ id: `room-${r.id}`, group: "Rooms" as const, label: r.name, hint: r.repository ?? undefined, href: `${base}/rooms/${r.id}` })),
      ...(pulls.data ?? []).map((p) => ({ id: `pull-${p.id}`, group: "Pull requests" as const, label: `#${p.number} ${p.title}`, hint: p.repository.name, href: `${base}/pulls/${p.id}` })),
    ];
    return rankItems(all, query);
  }, [slug, role, rooms.data, pulls.data, query]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setLoaded(true);
        setOpen((o) => !o);
        return;
      }
      if (event.key === "?" && !event.metaKey && !event.ctrlKey && !event.altKey && !isTyping(event.target) && !document.querySelector("dialog[open]")) {
        event.preventDefault();
        setShortcuts(true);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      setQuery("");
      setActive(0);
      el.showModal();
    }
    if (!open && el.open) el.close();
  }, [open]);

  function choose(item: PaletteItem | undefined) {
    if (!item) return;
    setOpen(false);
    if (item.href === "#shortcuts") setShortcuts(true);
    else router.push(item.href);
  }

  const activeItem = items[Math.min(active, items.length - 1)];
  return (
    <>
      <dialog
        ref={dialog}
        aria-label="Command palette"
        data-testid="command-palette"
        onClose={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === dialog.current) setOpen(false);
        }}
        className="m-auto mt-[15vh] w-full max-w-xl rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {open ? (
          <div>
            <input
              autoFocus
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-activedescendant={activeItem ? `${listId}-${activeItem.id}` : undefined}
              aria-label="Jump to a room, pull request or action"
              placeholder="Jump to a room, pull request or action…"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={(e) => {
                if (e.key === "ArrowDown") {
                  e.preventDefault();
                  setActive((a) => Math.min(items.length - 1, a + 1));
                } else if (e.key === "ArrowUp") {
                  e.preventDefault();
                  setActive((a) => Math.max(0, a - 1));
                } else if (e.key === "Enter") {
                  e.preventDefault();
                  choose(activeItem);
                }
              }}
              className="w-full border-b border-zinc-200 bg-transparent px-4 py-3 text-sm outline-none dark:border-zinc-800"
            />
            <ul id={listId} role="listbox" aria-label="Results" className="max-h-80 overflow-y-auto p-1">
              {items.length === 0 ? <li className="px-3 py-2 text-sm text-zinc-500 dark:text-zinc-400">Nothing matches.</li> : null}
              {items.map((item, i) => (
                <li
                  key={item.id}
                  id={`${listId}-${item.id}`}
                  role="option"
                  aria-selected={item === activeItem}
                  data-testid="palette-item"
                  onMouseMove={() => setActive(i)}
                  onClick={() => choose(item)}
                  className={cx(
                    "flex cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-sm",
                    item === activeItem && "bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100",
                  )}
                >
                  <span className="truncate">{item.label}</span>
                  <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
                    {item.hint ? `${item.hint} · ` : ""}
                    {item.group}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </dialog>
      <ShortcutsDialog open={shortcuts} onClose={() => setShortcuts(false)} />
    </>
  );
}
