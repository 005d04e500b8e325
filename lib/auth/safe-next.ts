/**
 * Where to go after signing in. Only a path on this site is followed: an
 * absolute or protocol-relative URL ("//evil.example", "/\\evil.example")
 * would turn the sign-in page into an open redirect.
 */
export function safeNext(next: string | string[] | null | undefined, fallback = "/w"): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Control characters could smuggle another host past a lenient URL parser.
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  return value;
}
