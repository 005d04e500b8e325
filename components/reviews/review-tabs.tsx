"use client";
/** The side panel's tabs (findings, history, dropped) with the keyboard behaviour of the ARIA tabs pattern. */
import { useId, useRef, type ReactNode } from "react";
import { cx } from "@/components/ui/cx";

export interface TabSpec<T extends string> {
  id: T;
  label: string;
  count?: number;
}

export function ReviewTabs<T extends string>({
  tabs,
  selected,
  onSelect,
  children,
}: Readonly<{ tabs: readonly TabSpec<T>[]; selected: T; onSelect: (id: T) => void; children: ReactNode }>) {
  const base = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const move = (from: number, delta: number) => {
    const next = tabs[(from + delta + tabs.length) % tabs.length]!;
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label="Review" className="flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {tabs.map((tab, i) => {
          const on = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) refs.current.set(tab.id, el);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={on}
              aria-controls={`${base}-panel`}
              tabIndex={on ? 0 : -1}
              data-testid={`tab-${tab.id}`}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(event) => {
                if (event.key === "ArrowRight") move(i, 1);
                else if (event.key === "ArrowLeft") move(i, -1);
                else if (event.key === "Home") move(0, 0);
                else if (event.key === "End") move(tabs.length - 1, 0);
                else return;
                event.preventDefault();
              }}
              className={cx(
                "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
                on ? "border-indigo-600 text-zinc-900 dark:border-indigo-400 dark:text-zinc-100" : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100",
              )}
            >
              {tab.label}
              {tab.count !== undefined ? <span className="ml-1.5 rounded-full bg-zinc-100 px-1.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{tab.count}</span> : null}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selected}`} className="pt-3">
        {children}
      </div>
    </div>
  );
}
