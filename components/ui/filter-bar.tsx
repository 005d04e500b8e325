"use client";
/** A search box and facet selects above a list; "/" focuses the search box. */
import { useEffect, useRef } from "react";

export interface Facet {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

export function FilterBar({
  label,
  query,
  onQuery,
  facets,
  shown,
  total,
}: Readonly<{ label: string; query: string; onQuery: (q: string) => void; facets: Facet[]; shown: number; total: number }>) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== "/" || event.metaKey || event.ctrlKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      event.preventDefault();
      input.current?.focus();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const filtered = query !== "" || facets.some((f) => f.value !== "");
  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      <label className="min-w-56 flex-1 text-sm">
        <span className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</span>
        <input
          ref={input}
          type="search"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          placeholder="Search… (press / to focus)"
          className="w-full rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        />
      </label>
      {facets.map((f) => (
        <label key={f.name} className="text-sm">
          <span className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">{f.label}</span>
          <select
            name={f.name}
            value={f.value}
            onChange={(e) => f.onChange(e.target.value)}
            className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            <option value="">Any</option>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <p aria-live="polite" className="pb-1.5 text-xs text-zinc-500 dark:text-zinc-400">
        {filtered ? `${shown} of ${total} shown` : `${total} in all`}
      </p>
    </div>
  );
}
