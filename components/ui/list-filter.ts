/**
 * Filtering lists already on the page: a free-text query where every word
 * must appear in some field (case-insensitive), plus exact-match facets.
 * Pure, so the same rules hold for rooms, pull requests and the inbox.
 */
export function matchesQuery(query: string, fields: readonly (string | number | null | undefined)[]): boolean {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = fields.filter((f) => f !== null && f !== undefined).map((f) => String(f).toLowerCase());
  return terms.every((term) => haystack.some((field) => field.includes(term.replace(/^#/, ""))));
}

/** A facet matches when it is unset ("") or equal. */
export function facet(selected: string, value: string | null | undefined): boolean {
  return selected === "" || selected === (value ?? "");
}

/** The distinct non-empty values of a field, sorted, for a facet's options. */
export function distinct<T>(items: readonly T[], pick: (item: T) => string | null | undefined): string[] {
  return [...new Set(items.map(pick).filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b));
}
