import { issueWords } from "@/lib/errors/issue-words";
import { ApiError } from "./fetch-json";

/**
 * Splits a failed request into messages per form field (from the problem's
 * zod issues, e.g. "moduleAllowlist.2" → "moduleAllowlist") and one message
 * for the rest, so each error shows beside what caused it. Issues on fields
 * the form does not show (`shown`) stay in the form-level message.
 */
export function fieldErrors(error: unknown, shown: readonly string[]): { fields: Record<string, string>; form: string | null } {
  if (!error) return { fields: {}, form: null };
  if (!(error instanceof ApiError)) return { fields: {}, form: "The server could not be reached. Check your connection and try again." };
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const issue of error.issues ?? []) {
    const field = issue.path.split(".")[0] ?? "";
    if (shown.includes(field)) fields[field] ??= issue.message;
    // The server already words its messages; a field the form does not show is named in words, never by its API name.
    else rest.push(issueWords(issue));
  }
  const form = error.issues?.length ? (rest.length ? [...new Set(rest)].join(" ") : null) : error.message;
  return { fields, form };
}
