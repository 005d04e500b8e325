/**
 * Who a message mentions: `@handle`. A person's handle in a workspace is the
 * part of their email address before the `@` (case-insensitive) — unless
 * another member shares it: then each of them is `@local.domain`
 * (`@ada.example.com`), so no handle names two people and `@ada` names
 * nobody. Pure; the composer completes the same handles.
 */
export function handleOf(email: string): string {
  return (email.split("@")[0] ?? "").toLowerCase();
}

/** Handles that name exactly one member each, by user id. */
export function handlesFor(members: readonly { id: string; email: string }[]): Map<string, string> {
  const sorted = [...members].sort((a, b) => a.email.toLowerCase().localeCompare(b.email.toLowerCase()) || a.id.localeCompare(b.id));
  const level = new Map(sorted.map((m) => [m.id, 0]));
  const candidate = (m: { id: string; email: string }) => {
    const [local = "", domain = ""] = m.email.toLowerCase().split("@");
    const n = level.get(m.id)!;
    if (n === 0) return local;
    return n === 1 ? `${local}.${domain}` : `${local}.${domain}-${n}`;
  };
  for (;;) {
    const byHandle = new Map<string, { id: string; email: string }[]>();
    for (const m of sorted) byHandle.set(candidate(m), [...(byHandle.get(candidate(m)) ?? []), m]);
    const clashes = [...byHandle.values()].filter((group) => group.length > 1);
    if (clashes.length === 0) return new Map(sorted.map((m) => [m.id, candidate(m)]));
    for (const group of clashes) {
      // Everyone sharing a local part moves to local.domain; if that still clashes, all but the first get a number.
      const short = group.filter((m) => level.get(m.id)! === 0);
      if (short.length > 0) for (const m of short) level.set(m.id, 1);
      else for (const m of group.slice(1)) level.set(m.id, level.get(m.id)! + 1);
    }
  }
}

export function mentions(text: string, handle: string): boolean {
  if (!handle) return false;
  const escaped = handle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // Not inside an email address (a letter or digit before the @) and not a longer handle after it.
  return new RegExp(`(^|[^\\w.@])@${escaped}(?![\\w-]|\\.\\w)`, "i").test(text);
}

/** The `@…` being typed at the caret, if any: where it starts (the `@`) and what follows it so far. */
export function activeMention(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|[^\w.@])@([\w.-]{0,80})$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() };
}

/** The text with the mention at `start`…`caret` completed to `@handle `, and where the caret goes. */
export function insertMention(text: string, start: number, caret: number, handle: string): { text: string; caret: number } {
  const rest = text.slice(caret).replace(/^[\w.-]+/, "");
  // A space after it, unless the text goes on with one or with punctuation.
  const inserted = `@${handle}${rest === "" || /^\w/.test(rest) ? " " : ""}`;
  return { text: `${text.slice(0, start)}${inserted}${rest}`, caret: start + inserted.length };
}
