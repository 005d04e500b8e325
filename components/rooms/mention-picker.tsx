"use client";
/**
 * Completing an `@handle` in the composer: while the word at the caret starts
 * with `@`, the members whose handle or name matches are offered in a listbox
 * (arrow keys move, Enter or Tab completes, Escape closes). Handles are the
 * workspace's own — unique even when two members share an email's local part
 * (lib/notifications/mentions.ts) — so a completed mention names one person.
 */
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import { activeMention, insertMention } from "@/lib/notifications/mentions";
import { useMembers } from "@/components/settings/member-hooks";
import { cx } from "@/components/ui/cx";

const SHOWN = 6;

export interface MentionPicker {
  /** props for the textarea: it stays a textbox that controls the listbox */
  inputProps: { "aria-autocomplete": "list"; "aria-controls"?: string; "aria-activedescendant"?: string };
  /** handles the picker's keys; true when the key was the picker's (the composer does nothing more) */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** call with the textarea after every change of text or caret */
  onCaret: (caret: number) => void;
  list: ReactNode;
}

export function useMentionPicker({ slug, draft, onDraft, focusAt }: Readonly<{ slug: string; draft: string; onDraft: (text: string) => void; focusAt: (caret: number) => void }>): MentionPicker {
  const members = useMembers(slug);
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const mention = activeMention(draft, caret);
  const query = mention?.query ?? null;
  const matches = useMemo(() => {
    if (query === null) return [];
    const q = query;
    return (members.data ?? [])
      .filter((m) => m.handle && (m.handle.startsWith(q) || m.user.name.toLowerCase().includes(q)))
      .sort((a, b) => Number(!a.handle!.startsWith(q)) - Number(!b.handle!.startsWith(q)) || a.handle!.localeCompare(b.handle!))
      .slice(0, SHOWN);
  }, [query, members.data]);
  const open = mention !== null && matches.length > 0 && closedAt !== mention.start;
  const index = Math.min(active, Math.max(0, matches.length - 1));

  function choose(i: number) {
    const member = matches[i];
    if (!mention || !member?.handle) return;
    const next = insertMention(draft, mention.start, caret, member.handle);
    onDraft(next.text);
    setCaret(next.caret);
    focusAt(next.caret);
  }

  return {
    inputProps: { "aria-autocomplete": "list", ...(open ? { "aria-controls": listId, "aria-activedescendant": `${listId}-${index}` } : {}) },
    onKeyDown(event) {
      if (!open) return false;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        setActive((index + (event.key === "ArrowDown" ? 1 : matches.length - 1)) % matches.length);
        return true;
      }
      if ((event.key === "Enter" && !event.shiftKey) || event.key === "Tab") {
        event.preventDefault();
        choose(index);
        return true;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setClosedAt(mention.start);
        return true;
      }
      return false;
    },
    onCaret(next) {
      setCaret(next);
      setActive(0);
    },
    list: open ? (
      <ul id={listId} role="listbox" aria-label="People to mention" data-testid="mention-options" className="absolute bottom-full left-3 z-20 mb-1 w-72 overflow-hidden rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
        {matches.map((m, i) => (
          <li
            key={m.user.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === index}
            data-testid="mention-option"
            data-handle={m.handle}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(i);
            }}
            className={cx("cursor-pointer px-3 py-1.5", i === index ? "bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100" : "text-zinc-800 dark:text-zinc-200")}
          >
            <span className="font-medium">@{m.handle}</span> <span className="text-zinc-600 dark:text-zinc-400">{m.user.name}</span>
          </li>
        ))}
      </ul>
    ) : null,
  };
}
