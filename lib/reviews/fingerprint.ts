/**
 * R10: a stable identity for "the same problem". After a push the
 * reviewer runs again and raises much of what it raised before, usually at
 * other line numbers and with slightly different wording. The fingerprint
 * therefore uses the kind, a normalized title, the file and a hash of the
 * anchored code itself (whitespace-normalized), never the raw line numbers,
 * so a re-raised finding maps to the existing one and a dismissed one stays
 * dismissed (see match-raised-finding.ts).
 */
import { createHash } from "node:crypto";
import type { DiffFile } from "../diff/parse-diff";
import type { Anchor, FindingKind } from "./schemas";

/** Bump when normalization changes; old fingerprints then simply stop matching. */
export const FINGERPRINT_VERSION = "v1";

/** What a fingerprint is made of. */
export interface FingerprintInput {
  kind: FindingKind;
  title: string;
  /** anchor file at the head the finding was made at; absent for repository-wide notes */
  file?: string | null;
  /**
   * The text of the anchored lines at that head (see `snippetAt`). Without
   * it an anchored finding is identified by kind, title and file only.
   */
  snippet?: string | null;
}

/** A stable fingerprint, e.g. "v1:3f9a…" (32 hex digits). Equal inputs modulo formatting give equal fingerprints. */
export function fingerprintFinding(input: FingerprintInput): string {
  const parts = [
    FINGERPRINT_VERSION,
    input.kind,
    normalizeTitle(input.title),
    input.file ?? "",
    input.snippet ? normalizeSnippet(input.snippet) : "",
  ];
  // JSON keeps the parts unambiguous ("a","bc" ≠ "ab","c").
  const digest = createHash("sha256").update(JSON.stringify(parts)).digest("hex");
  return `${FINGERPRINT_VERSION}:${digest.slice(0, 32)}`;
}

/**
 * Case, punctuation, spacing and numbers are dropped: "Leftover console.log
 * (line 12)" and "leftover console.log, line 40" name the same problem.
 */
export function normalizeTitle(title: string): string {
  return title
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\d+/g, "#")
    .replace(/[^\p{L}\p{N}#]+/gu, " ")
    .trim();
}

/** Reformatting (indentation, spacing, blank lines, CRLF) does not change the code's identity. */
export function normalizeSnippet(snippet: string): string {
  return snippet
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/\s+/g, " "))
    .filter((line) => line !== "")
    .join("\n");
}

/** Lines startLine..endLine (1-based, inclusive) of a file's text, for `FingerprintInput.snippet`. */
export function snippetAt(text: string, startLine: number, endLine: number): string {
  if (!(startLine >= 1) || endLine < startLine) return "";
  const lines = text.split(/\r?\n/);
  return lines.slice(startLine - 1, endLine).join("\n");
}

/**
 * The anchored lines as the diff shows them on the new side (added and
 * context lines), or null when the diff does not show every anchored line;
 * the caller then reads them from the head worktree with `snippetAt`.
 * Offline-reviewer findings always anchor added lines, so this always works for them.
 */
export function snippetFromDiff(files: readonly DiffFile[], anchor: Anchor): string | null {
  const file = files.find((f) => f.newPath === anchor.file);
  if (!file) return null;
  const wanted = anchor.endLine - anchor.startLine + 1;
  const found: string[] = [];
  for (const h of file.hunks) {
    for (const l of h.lines) {
      if (l.newLine !== null && l.newLine >= anchor.startLine && l.newLine <= anchor.endLine) found.push(l.content);
    }
  }
  return found.length === wanted ? found.join("\n") : null;
}
