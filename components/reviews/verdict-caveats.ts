/**
 * R5 as people see it: a ship verdict may stand beside checks that did not
 * pass (report-only axes that failed, results that are missing or could not
 * run, an unreadable declaration). The banner must not show success colour
 * then; these are the checks it names instead. Pure.
 */
import type { AxisTableRow } from "@/lib/reviews/pick-axis-results";

export interface Caveat {
  axis: string;
  /** e.g. "failed (report-only)", "has no result" */
  what: string;
}

const WORDS: Record<Exclude<AxisTableRow["status"], "pass">, string> = {
  fail: "failed",
  missing: "has no result",
  could_not_run: "could not run",
};

export function verdictCaveats(rows: readonly AxisTableRow[], axesError: string | null | undefined): Caveat[] {
  const out: Caveat[] = rows
    .filter((row) => row.status !== "pass")
    .map((row) => ({ axis: row.axis, what: `${WORDS[row.status as Exclude<AxisTableRow["status"], "pass">]}${row.gated ? "" : " (report-only)"}` }));
  if (axesError) out.push({ axis: "gatehouse.axes.json", what: "could not be read" });
  return out;
}
