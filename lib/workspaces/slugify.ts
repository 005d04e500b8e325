/**
 * A workspace's URL name from its display name: lower-case ASCII letters,
 * digits and single dashes ("Ünïcode Team!" → "unicode-team"). Names with
 * nothing usable (emoji only, other scripts) fall back to "workspace".
 */
export const SLUG_MAX_LENGTH = 40;

export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
  return slug || "workspace";
}

/** The n-th candidate for a taken slug: base, base-2, base-3, … kept within the length limit. */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
}
