/**
 * R4: the read boundary for findings. Whatever an agent (or a person, or an
 * API client) submits passes through here before it can be stored or counted.
 * A finding whose priority or confidence is missing or out of range is
 * dropped with a reason that names the field, so the caller can record the
 * drop (DroppedFinding) and show it. Never throws: a hostile or broken input
 * is a drop, not a crash in the middle of a review run.
 */
import type { z } from "zod";
import { findingInput, PRIORITIES, type FindingInput } from "./schemas";

/** R4: the outcome of reading one raw finding. */
export type ReadFindingResult =
  | { ok: true; finding: FindingInput }
  | { ok: false; reason: string };

/** R4: validate one raw finding; drop it with a readable reason if anything is wrong. */
export function readFinding(raw: unknown): ReadFindingResult {
  try {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      return { ok: false, reason: `finding must be an object, got ${describe(raw)}` };
    }
    const record = raw as Record<string, unknown>;
    // Priority and confidence are checked by hand first: they are what R4 is
    // about, and their reasons should be exact ("confidence 1.4 is out of
    // range 0..1") rather than zod's generic wording.
    const reasons = [priorityProblem(record.priority), confidenceProblem(record.confidence)].filter(
      (r): r is string => r !== null,
    );
    const parsed = findingInput.safeParse(record);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String).join(".") || "finding";
        if (field === "priority" || field === "confidence") continue;
        reasons.push(`${field}: ${issueText(issue, record)}`);
      }
    }
    if (reasons.length > 0) return { ok: false, reason: unique(reasons).join("; ") };
    if (!parsed.success) return { ok: false, reason: "finding is malformed" };
    const { kind, priority, confidence, title, body, suggestion, anchor } = parsed.data;
    // A fresh object: unknown keys of the raw input never travel further.
    const finding: FindingInput = { kind, priority, confidence, title, body };
    if (suggestion !== undefined) finding.suggestion = suggestion;
    if (anchor !== undefined) finding.anchor = { file: anchor.file, startLine: anchor.startLine, endLine: anchor.endLine };
    return { ok: true, finding };
  } catch (error) {
    // Getters that throw, revoked proxies and the like end up here.
    return { ok: false, reason: `finding could not be read (${error instanceof Error ? error.message : "unknown error"})` };
  }
}

function priorityProblem(value: unknown): string | null {
  if (value === undefined || value === null) return `priority is missing (expected one of ${PRIORITIES.join(", ")})`;
  if (typeof value === "string" && (PRIORITIES as readonly string[]).includes(value)) return null;
  return `priority ${describe(value)} is out of range (expected one of ${PRIORITIES.join(", ")})`;
}

function confidenceProblem(value: unknown): string | null {
  if (value === undefined || value === null) return "confidence is missing (expected a number from 0 to 1)";
  if (typeof value !== "number") return `confidence ${describe(value)} is not a number (expected a number from 0 to 1)`;
  if (Number.isNaN(value)) return "confidence NaN is not a number (expected a number from 0 to 1)";
  if (!(value >= 0 && value <= 1)) return `confidence ${describe(value)} is out of range (expected a number from 0 to 1)`;
  return null;
}

function issueText(issue: z.core.$ZodIssue, record: Record<string, unknown>): string {
  if (issue.code === "invalid_type" && valueAt(record, issue.path) === undefined) return "is missing";
  return issue.message;
}

function valueAt(record: Record<string, unknown>, path: readonly PropertyKey[]): unknown {
  let current: unknown = record;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** A short, safe rendering of a value for a reason string (no huge dumps, no throws). */
function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
    case "number":
    case "boolean":
    case "bigint":
      return String(value);
    default:
      return `a value of type ${typeof value}`;
  }
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
