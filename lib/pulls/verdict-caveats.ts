/**
 * R5 and R8 as people see them: a ship verdict may stand beside checks that
 * did not pass (report-only axes that failed, results that are missing or
 * could not run, an unreadable declaration). No surface may show success
 * colour then — not the verdict banner, not the pull-request list; these are
 * the checks they name instead. Pure.
 */
import type { AxisTableRow } from "../reviews/pick-axis-results";

export interface Caveat {
  axis: string;
  /** e.g. "failed (report-only)", "has no result" */
  what: string;
  /** failed = a check ran and failed; the rest did not pass without failing */
  failed: boolean;
}

const WORDS: Record<Exclude<AxisTableRow["status"], "pass">, string> = {
  fail: "failed",
  missing: "has no result",
  could_not_run: "could not run",
};

export function verdictCaveats(rows: readonly Pick<AxisTableRow, "axis" | "gated" | "status">[], axesError: string | null | undefined): Caveat[] {
  const out: Caveat[] = rows
    .filter((row) => row.status !== "pass")
    .map((row) => ({ axis: row.axis, what: `${WORDS[row.status as Exclude<AxisTableRow["status"], "pass">]}${row.gated ? "" : " (report-only)"}`, failed: row.status === "fail" }));
  if (axesError) out.push({ axis: "gatehouse.axes.json", what: "could not be read", failed: false });
  return out;
}

/** "1 check failing", "2 checks not passing": what a ship badge says beside its caveats. */
export function caveatSummary(caveats: readonly Caveat[]): string {
  const n = caveats.length;
  const checks = n === 1 ? "1 check" : `${n} checks`;
  if (caveats.every((c) => c.failed)) return `${checks} failing`;
  if (caveats.every((c) => !c.failed && c.what.startsWith("has no result"))) return `${checks} missing`;
  return `${checks} not passing`;
}
