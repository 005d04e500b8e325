/**
 * H5: text PostgreSQL refuses. A `text` column cannot hold U+0000, and `jsonb`
 * refuses both `\u0000` and a UTF-16 surrogate that is not part of a pair;
 * either reaches the database as an error (a 500) unless it is caught at the
 * boundary. These checks run on every parsed JSON body, form body, path and
 * query parameter, so the answer is a 400 naming the field.
 */

export interface UnstorableText {
  /** where in the input, e.g. "content", "items.2.title", "query.after", "params.roomId" */
  path: string;
  reason: string;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored, or null when it can. */
export function unstorableReason(text: string): string | null {
  if (text.includes("\u0000")) return "contains a NUL character (U+0000), which cannot be stored";
  if (LONE_SURROGATE.test(text)) return "contains an unpaired UTF-16 surrogate (not valid Unicode text), which cannot be stored";
  return null;
}

/** The first string (value or object key) in `value` that cannot be stored, depth-first. */
export function findUnstorableText(value: unknown, path: string[] = []): UnstorableText | null {
  if (typeof value === "string") {
    const reason = unstorableReason(value);
    return reason ? { path: path.join(".") || "body", reason } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const keyReason = unstorableReason(key);
      if (keyReason) return { path: [...path, key].join(".") || "body", reason: `has a field name that ${keyReason}` };
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** A sentence a person can act on: "Field "content" contains a NUL character …". */
export function describeUnstorable(found: UnstorableText): string {
  return `Field "${found.path}" ${found.reason}. Remove that character and try again.`;
}
