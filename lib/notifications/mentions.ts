/**
 * Who a message mentions: `@handle`, where a person's handle is the part of
 * their email address before the `@` (case-insensitive). Pure.
 */
export function handleOf(email: string): string {
  return (email.split("@")[0] ?? "").toLowerCase();
}

export function mentions(text: string, handle: string): boolean {
  if (!handle) return false;
  const escaped = handle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // Not inside an email address (a letter or digit before the @) and not a longer handle after it.
  return new RegExp(`(^|[^\\w.@])@${escaped}(?![\\w-]|\\.\\w)`, "i").test(text);
}
