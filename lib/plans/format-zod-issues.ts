/**
 * Turns zod issues into one line each that an agent can act on: a field path
 * it can find in its own arguments (`nodes[3] ("deploy").title`) and a plain
 * statement of what the field must be. Zod's default messages ("Invalid input:
 * expected string, received undefined") make the model guess which node is
 * meant; naming the node's key removes the guess.
 */
import type { z } from "zod";

/** How to render issues for one tool's arguments. */
export interface FormatIssuesOptions {
  /** name used when the issue is about the whole argument object */
  rootName: string;
  /** the fields an object at this path accepts, listed when the agent sent an unknown one */
  allowedFields?: (path: readonly PropertyKey[]) => readonly string[] | undefined;
}

/** One line per issue, in zod's order. `input` is the raw value that was parsed. */
export function formatZodIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  options: FormatIssuesOptions,
): string[] {
  return issues.map((issue) => {
    const where = formatPath(issue.path, input) || options.rootName;
    return `${where}: ${describeIssue(issue, input, options)}`;
  });
}

/**
 * `nodes[3] ("deploy").title`. An array element that is an object with a
 * string `key` or `name` gets it in parentheses, because the model thinks in
 * keys, not indices.
 */
export function formatPath(path: readonly PropertyKey[], input: unknown): string {
  let out = "";
  let value: unknown = input;
  for (const segment of path) {
    value = isRecord(value) || Array.isArray(value) ? (value as Record<PropertyKey, unknown>)[segment] : undefined;
    if (typeof segment === "number") {
      out += `[${segment}]`;
      const label = isRecord(value) ? (value["key"] ?? value["name"]) : undefined;
      if (typeof label === "string" && label.length > 0 && label.length <= 80) out += ` (${JSON.stringify(label)})`;
    } else {
      out += out ? `.${String(segment)}` : String(segment);
    }
  }
  return out;
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown, options: FormatIssuesOptions): string {
  switch (issue.code) {
    case "invalid_type": {
      const value = valueAt(input, issue.path);
      if (value === undefined) return `is required (${article(issue.expected)})`;
      return `must be ${article(issue.expected)}, not ${describeValue(value)}`;
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") {
        return min <= 1 ? "must not be empty" : `must be at least ${min} characters`;
      }
      if (issue.origin === "array" || issue.origin === "set") {
        return `must have at least ${min} ${min === 1 ? "item" : "items"}`;
      }
      return `must be ${issue.inclusive === false ? ">" : "≥"} ${min}`;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      const value = valueAt(input, issue.path);
      if (issue.origin === "string") {
        const has = typeof value === "string" ? ` (it has ${value.length}); shorten it` : "";
        return `must be at most ${max} characters${has}`;
      }
      if (issue.origin === "array" || issue.origin === "set") {
        const has = Array.isArray(value) ? ` (it has ${value.length})` : "";
        return `must have at most ${max} items${has}`;
      }
      return `must be ${issue.inclusive === false ? "<" : "≤"} ${max}`;
    }
    case "unrecognized_keys": {
      const names = issue.keys.map((k) => JSON.stringify(k)).join(", ");
      const allowed = options.allowedFields?.(issue.path);
      const hint = allowed ? `; the allowed fields are ${allowed.join(", ")}` : "; remove it";
      return `has unknown ${issue.keys.length === 1 ? "field" : "fields"} ${names}${hint}`;
    }
    default:
      // invalid_format carries the schema's own message (e.g. the key rule);
      // custom issues come from refinements that already wrote a full sentence.
      return issue.message;
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (!isRecord(value) && !Array.isArray(value)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return article(typeof value);
}

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
