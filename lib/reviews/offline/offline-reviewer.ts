/**
 * The built-in reviewer for workspaces without a model. It is
 * deterministic (same diff → same findings, same order) and only reads the
 * lines a pull request ADDS, anchoring each finding in the NEW version of the
 * file. Every rule explains itself in the finding body, and priorities and
 * confidences are honest: a committed key is a P0 at 0.95, a console.log a
 * P3 at 0.7, a binary image a P3 question at 0.35.
 *
 * Its output is plain FindingInput, so it goes through the same tools and the
 * same read boundary (R4) as a model's findings.
 */
import { parseDiff, type DiffFile } from "../../diff/parse-diff";
import { PRIORITIES, type FindingInput } from "../schemas";
import { addedLines } from "./scan-lines";
import { scanSecrets } from "./scan-secrets";
import { scanConflictMarkers } from "./scan-conflict-markers";
import { scanDebugOutput } from "./scan-debug-output";
import { scanTodoMarkers } from "./scan-todo-markers";
import { reviewFileShape } from "./review-file-shape";
import { reviewMissingTests } from "./review-missing-tests";
import { isLockfile } from "./classify-path";
import { escalateLoggedSecrets } from "./escalate-logged-secrets";

/** Knobs of the offline reviewer; the defaults suit most repositories. */
export interface OfflineReviewOptions {
  /** more added lines than this in one file is a "very large addition" (default 1000) */
  maxAddedLinesPerFile?: number;
  /** fewer added source lines than this never triggers "source without tests" (default 5) */
  minSourceLinesForTestRule?: number;
  /** at most this many findings in total, most severe first (default 200) */
  maxFindings?: number;
}

/** The reviewer's name, for Finding.author ("agent:<name>"). */
export const OFFLINE_REVIEWER_NAME = "gatehouse-offline";

/** Review a diff (base → head; parsed, or unified diff text) and return findings, most severe first. */
export function reviewDiff(diff: readonly DiffFile[] | string, options: OfflineReviewOptions = {}): FindingInput[] {
  const files = typeof diff === "string" ? parseDiff(diff) : diff;
  const maxAdded = options.maxAddedLinesPerFile ?? 1000;
  const minSource = options.minSourceLinesForTestRule ?? 5;
  const maxFindings = options.maxFindings ?? 200;

  const findings: FindingInput[] = [];
  for (const file of files) {
    const path = file.newPath;
    if (path === null) continue; // deleted files add nothing to review
    findings.push(...reviewFileShape(file, path, maxAdded));
    if (file.binary || isLockfile(path)) continue;
    const lines = addedLines(file);
    if (lines.length === 0) continue;
    const secrets = scanSecrets(path, lines);
    findings.push(
      ...secrets,
      ...scanConflictMarkers(path, lines),
      ...escalateLoggedSecrets(lines, secrets, scanDebugOutput(path, lines)),
      ...scanTodoMarkers(path, lines),
    );
  }
  findings.push(...reviewMissingTests(files, minSource));
  return sortFindings(findings).slice(0, maxFindings);
}

/** Priority, then confidence (higher first), then file and line, then title: a total, stable order. */
function sortFindings(findings: FindingInput[]): FindingInput[] {
  const rank = (f: FindingInput) => PRIORITIES.indexOf(f.priority);
  return findings
    .map((f, i) => ({ f, i }))
    .sort(
      (a, b) =>
        rank(a.f) - rank(b.f) ||
        b.f.confidence - a.f.confidence ||
        compare(a.f.anchor?.file ?? "", b.f.anchor?.file ?? "") ||
        (a.f.anchor?.startLine ?? 0) - (b.f.anchor?.startLine ?? 0) ||
        compare(a.f.title, b.f.title) ||
        a.i - b.i,
    )
    .map(({ f }) => f);
}

/** Code-unit order: unlike localeCompare, the same on every machine. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
