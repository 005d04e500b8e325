/**
 * Offline reviewer rule: program source changed, but no test changed (P2
 * recommendation, repository-wide, so no anchor). Medium confidence: the
 * change may be covered by existing tests, or be a refactoring whose
 * behaviour the old tests already pin. Tiny edits (below `minLines` added
 * source lines) are left alone, as are changes that only delete code.
 */
import type { DiffFile } from "../../diff/parse-diff";
import type { FindingInput } from "../schemas";
import { isSourcePath, isTestPath } from "./classify-path";

/** A repository-wide note when source changed without a test change. */
export function reviewMissingTests(files: readonly DiffFile[], minLines: number): FindingInput[] {
  const touchedTests = files.some((f) => {
    const path = f.newPath ?? f.oldPath;
    return path !== null && isTestPath(path);
  });
  if (touchedTests) return [];

  const sources = files.filter(
    (f): f is DiffFile & { newPath: string } => f.newPath !== null && !f.binary && f.additions > 0 && isSourcePath(f.newPath),
  );
  const added = sources.reduce((n, f) => n + f.additions, 0);
  if (sources.length === 0 || added < minLines) return [];

  const listed = sources.slice(0, 10).map((f) => `\`${f.newPath}\` (+${f.additions})`);
  const more = sources.length > 10 ? `, and ${sources.length - 10} more` : "";
  return [
    {
      kind: "recommendation",
      priority: "P2",
      confidence: 0.6,
      title: "Source changed without a test change",
      body:
        `Rule "changed source without tests": this pull request adds ${added} lines of program source in ` +
        `${sources.length} file${sources.length === 1 ? "" : "s"} (${listed.join(", ")}${more}) and changes no test file. ` +
        `Add or update a test that pins the new behaviour, or say in the description why existing tests already cover it.`,
    },
  ];
}
