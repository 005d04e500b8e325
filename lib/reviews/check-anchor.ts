import "server-only";
/**
 * Issue 14 §6: a finding's anchor must name lines that exist in the file at
 * the head it was made at. An anchor past the end of the file (or on a file
 * the head does not have) would point people at nothing: from an agent it is
 * dropped at the read boundary (R4, recorded); from a person it is a form
 * error on the anchor field.
 */
import { ZodError } from "zod";
import { readFileAt } from "../repos/pull-git";
import type { Anchor } from "./schemas";

/** Why the anchor does not fit the file at `sha`, or null when it does. */
export async function anchorProblem(mirror: string, sha: string, anchor: Anchor): Promise<string | null> {
  const text = await readFileAt(mirror, sha, anchor.file).catch(() => null);
  if (text === null) return `anchor: ${anchor.file} does not exist at ${sha.slice(0, 12)}`;
  const lines = text === "" ? 0 : text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
  if (anchor.endLine > lines) return `anchor: lines ${anchor.startLine}–${anchor.endLine} are outside ${anchor.file}, which has ${lines} line${lines === 1 ? "" : "s"} at ${sha.slice(0, 12)}`;
  return null;
}

/** A person's anchor problem as a form error on the anchor field (400 with the field path). */
export function anchorFormError(message: string, field: "file" | "startLine" | "endLine" = "endLine"): ZodError {
  return new ZodError([{ code: "custom", path: ["anchor", field], message: message.replace(/^anchor: /, ""), input: undefined }]);
}

/** Reversed lines in a raw submission, before the read boundary turns them into a drop. */
export function reversedLines(raw: unknown): boolean {
  const anchor = (raw as { anchor?: { startLine?: unknown; endLine?: unknown } } | null)?.anchor;
  return typeof anchor?.startLine === "number" && typeof anchor.endLine === "number" && anchor.endLine < anchor.startLine;
}
