/**
 * R5: what one axis contributes to a verdict, in words. A gated failure
 * blocks; a gated axis that could not run, or has no result, holds (no
 * evidence is never a pass); a non-gated or undeclared axis is reported and
 * changes nothing.
 */
import type { AxisTableRow } from "./pick-axis-results";
import type { VerdictRule } from "./form-verdict";

/** R5: the rule a row of the axis table adds to the verdict, or null when it adds nothing (a pass). */
export function explainAxis(row: AxisTableRow): VerdictRule | null {
  const detail = row.detail ? ` (${clip(row.detail)})` : "";
  if (!row.declared) {
    return {
      rule: "R5.axis.undeclared",
      effect: "ship",
      text: `Axis '${row.axis}' reported ${row.status} but is not declared; shown as not gated, the verdict is unchanged`,
    };
  }
  if (!row.gated) {
    if (row.status === "pass") return null;
    return {
      rule: "R5.axis.not_gated",
      effect: "ship",
      text: `Axis '${row.axis}' is ${statusText(row.status)}${detail} but is not gated; reported only, the verdict is unchanged`,
    };
  }
  switch (row.status) {
    case "pass":
      return null;
    case "fail":
      return { rule: "R5.axis.fail", effect: "block", text: `Gated axis '${row.axis}' failed${detail} → block` };
    case "could_not_run":
      return {
        rule: "R5.axis.could_not_run",
        effect: "hold",
        text: `Gated axis '${row.axis}' could not run${detail}; no evidence is not a pass → at least hold`,
      };
    case "missing":
      return {
        rule: "R5.axis.missing",
        effect: "hold",
        text: `Gated axis '${row.axis}' has no result for this head; missing evidence is not a pass → at least hold`,
      };
  }
}

function statusText(status: AxisTableRow["status"]): string {
  return status === "could_not_run" ? "unable to run" : status === "fail" ? "failing" : status;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}
