"use client";
/**
 * A searchable branch picker (ARIA combobox with a listbox): type to filter
 * the repository's branches, arrows and Enter to choose, Escape to close.
 * Only a branch from the list is a value — typed text that names none is an
 * error the form shows, never sent to the server as a guess. Room branches
 * (`gatehouse/…`) show the room that worked on them.
 */
import { useId, useMemo, useRef, useState } from "react";
import { cx } from "@/components/ui/cx";
import type { BranchOption } from "./pull-types";

const MAX_SHOWN = 50;

export function BranchPicker({
  label,
  branches,
  value,
  onChange,
  error,
  hint,
  testId,
  autoFocus,
}: Readonly<{
  label: string;
  branches: readonly BranchOption[];
  value: string;
  onChange: (branch: string) => void;
  error?: string | null;
  hint?: string;
  testId: string;
  autoFocus?: boolean;
}>) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  // The shown text follows the chosen value when it changes from outside (repository switched, prefill).
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  const query = text.trim().toLowerCase();
  const shown = useMemo(() => {
    const all = query === "" || query === value.toLowerCase() ? branches : branches.filter((b) => b.name.toLowerCase().includes(query) || b.room?.name.toLowerCase().includes(query));
    return all.slice(0, MAX_SHOWN);
  }, [branches, query, value]);

  const commit = (name: string) => {
    setLastValue(name);
    onChange(name);
  };
  const choose = (branch: BranchOption) => {
    commit(branch.name);
    setText(branch.name);
    setOpen(false);
  };

  return (
    <div className="relative space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        data-testid={testId}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${id}-opt-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        value={text}
        placeholder="Search branches"
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          // Text that names a branch exactly chooses it; anything else leaves the value unchosen.
          const exact = branches.find((b) => b.name === text.trim());
          commit(exact ? exact.name : "");
        }}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, shown.length - 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === "Enter" && open && shown[active]) {
            e.preventDefault();
            choose(shown[active]!);
          } else if (e.key === "Escape" && open) {
            e.preventDefault();
            e.stopPropagation();
            setOpen(false);
          }
        }}
        className={cx(
          "block h-10 w-full rounded-md border bg-white px-3 font-mono text-sm text-zinc-900 shadow-xs placeholder:font-sans placeholder:text-zinc-400 dark:bg-zinc-900 dark:text-zinc-100",
          error ? "border-red-500 dark:border-red-400" : "border-zinc-300 dark:border-zinc-700",
        )}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label}: branches`}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {shown.length === 0 ? <li className="px-3 py-2 text-zinc-500 dark:text-zinc-400">No branch matches “{text.trim()}”.</li> : null}
          {shown.map((b, i) => (
            <li
              key={b.name}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={b.name === value}
              data-testid="branch-option"
              data-branch={b.name}
              // mousedown, not click: choosing must happen before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(b);
              }}
              onMouseEnter={() => setActive(i)}
              className={cx("cursor-pointer px-3 py-1.5", i === active && "bg-indigo-50 dark:bg-indigo-950/60")}
            >
              <span className="font-mono">{b.name}</span>
              {b.isDefault ? <span className="ml-2 rounded bg-zinc-100 px-1 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">default</span> : null}
              <span className="block truncate text-xs text-zinc-700 dark:text-zinc-300">
                {b.room ? `Room “${b.room.name}” · ` : ""}
                {b.subject}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
