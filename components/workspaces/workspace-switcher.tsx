"use client";
/**
 * The workspace switcher: a button that opens a listbox of the viewer's
 * workspaces (WAI-ARIA listbox pattern: arrows, Home/End, Enter, Escape,
 * type-ahead by first letter). Choosing one goes to its rooms.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { WorkspaceSummary } from "@/lib/workspaces/schemas";
import { cx } from "@/components/ui/cx";

export function WorkspaceSwitcher({ workspaces, current }: Readonly<{ workspaces: WorkspaceSummary[]; current: string }>) {
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const currentIndex = Math.max(0, workspaces.findIndex((w) => w.slug === current));
  const currentName = workspaces[currentIndex]?.name ?? current;
  // Two workspaces may share a name (never a slug); show the slug where that happens.
  const shared = new Set(workspaces.filter((w, i) => workspaces.findIndex((o) => o.name === w.name) !== i).map((w) => w.name));

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  useEffect(() => {
    if (open) document.getElementById(`${id}-opt-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [open, active, id]);

  function show() {
    setActive(currentIndex);
    setOpen(true);
  }

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) button.current?.focus();
  }

  function choose(index: number) {
    const target = workspaces[index];
    close(true);
    if (target && target.slug !== current) router.push(`/w/${target.slug}`);
  }

  function onButtonKey(event: KeyboardEvent) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      show();
    }
  }

  function onListKey(event: KeyboardEvent) {
    const last = workspaces.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => Math.min(last, active + 1),
      ArrowUp: () => Math.max(0, active - 1),
      Home: () => 0,
      End: () => last,
    };
    if (moves[event.key]) {
      event.preventDefault();
      setActive(moves[event.key]!());
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(active);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      setOpen(false);
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      const letter = event.key.toLowerCase();
      const order = [...workspaces.keys()].map((i) => (active + 1 + i) % workspaces.length);
      const match = order.find((i) => workspaces[i]!.name.toLowerCase().startsWith(letter));
      if (match !== undefined) setActive(match);
    }
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        aria-label={`Workspace: ${currentName}. Switch workspace`}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={onButtonKey}
        className="flex h-9 max-w-40 items-center sm:max-w-56 gap-2 rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800"
      >
        <span className="truncate">{currentName}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400">
          <path d="M6 8l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open ? (
        <div className="absolute left-0 z-30 mt-1 w-72 rounded-md border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
          <ul
            ref={list}
            id={`${id}-list`}
            role="listbox"
            tabIndex={-1}
            aria-label="Your workspaces"
            aria-activedescendant={`${id}-opt-${active}`}
            onKeyDown={onListKey}
            className="max-h-72 overflow-y-auto outline-none"
          >
            {workspaces.map((w, index) => (
              <li
                key={w.id}
                id={`${id}-opt-${index}`}
                role="option"
                aria-selected={w.slug === current}
                onClick={() => choose(index)}
                onPointerMove={() => setActive(index)}
                className={cx(
                  "flex cursor-pointer items-center justify-between gap-2 rounded px-2 py-1.5 text-sm",
                  index === active && "bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100",
                )}
              >
                <span className="truncate">
                  {w.name}
                  {shared.has(w.name) ? <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">/w/{w.slug}</span> : null}
                </span>
                <span className="flex shrink-0 items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
                  {w.role}
                  {w.slug === current ? <span aria-hidden="true">✓</span> : null}
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-1 border-t border-zinc-200 pt-1 dark:border-zinc-700">
            <Link
              href="/w"
              onClick={() => setOpen(false)}
              className="block rounded px-2 py-1.5 text-sm text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              All workspaces and new workspace…
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
