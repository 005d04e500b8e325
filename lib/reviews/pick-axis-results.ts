/**
 * R5: decide which result stands for each axis at one head, producing the
 * axis table shown under a verdict.
 *
 * - Within one source (the sandbox, or GitHub check_run) the latest result
 *   wins: a re-run replaces the run before it.
 * - Across sources the strictest wins (fail > could_not_run > pass): one
 *   source's pass never masks another source's failure for the same commit.
 * - A declared axis with no result is `missing`; results for axes that are not
 *   declared are shown as not gated.
 */
import type { AxisDeclaration, AxisStatus } from "./schemas";

/** R5: one recorded result (an AxisResult row fits). */
export interface VerdictAxisResult {
  axis: string;
  status: AxisStatus;
  headSha?: string | null;
  /** sandbox | check_run; results without a source form one source */
  source?: string | null;
  createdAt?: Date | string | number | null;
  detail?: string | null;
}

/** R5: `missing` = a declared axis without any result for the head. */
export type AxisTableStatus = AxisStatus | "missing";

/** R5: one row of the axis table under a verdict. */
export interface AxisTableRow {
  axis: string;
  gated: boolean;
  /** false for results of axes the repository does not declare */
  declared: boolean;
  status: AxisTableStatus;
  detail?: string;
  source?: string;
}

const RANK: Record<AxisStatus, number> = { pass: 0, could_not_run: 1, fail: 2 };

/** R5: the axis table for one head: declared axes in declaration order, then undeclared ones by name. */
export function pickAxisResults(
  axes: readonly Pick<AxisDeclaration, "name" | "gated">[],
  results: readonly VerdictAxisResult[],
  headSha?: string,
): AxisTableRow[] {
  // axis → source → [time, index, result] of the latest result so far
  const latest = new Map<string, Map<string, { time: number; index: number; result: VerdictAxisResult }>>();
  results.forEach((result, index) => {
    if (headSha !== undefined && result.headSha != null && result.headSha !== headSha) return;
    const bySource = latest.get(result.axis) ?? new Map();
    latest.set(result.axis, bySource);
    const source = result.source ?? "";
    const time = timeOf(result.createdAt);
    const prev = bySource.get(source);
    if (!prev || time > prev.time || (time === prev.time && index > prev.index)) {
      bySource.set(source, { time, index, result });
    }
  });

  const rowFor = (axis: string, gated: boolean, declared: boolean): AxisTableRow => {
    const candidates = [...(latest.get(axis)?.values() ?? [])].map((c) => c.result);
    if (candidates.length === 0) return { axis, gated, declared, status: "missing" };
    let chosen = candidates[0] as VerdictAxisResult;
    for (const c of candidates) if (rank(c.status) > rank(chosen.status)) chosen = c;
    const row: AxisTableRow = { axis, gated, declared, status: normalStatus(chosen.status) };
    if (chosen.detail) row.detail = chosen.detail;
    if (chosen.source) row.source = chosen.source;
    return row;
  };

  const declared = new Set<string>();
  const table: AxisTableRow[] = [];
  for (const axis of axes) {
    // A repeated declaration can only make an axis gated, never un-gate it.
    if (declared.has(axis.name)) {
      const row = table.find((r) => r.axis === axis.name);
      if (row && axis.gated) row.gated = true;
      continue;
    }
    declared.add(axis.name);
    table.push(rowFor(axis.name, axis.gated, true));
  }
  const undeclared = [...latest.keys()].filter((name) => !declared.has(name)).sort();
  for (const name of undeclared) table.push(rowFor(name, false, false));
  return table;
}

/** An unknown status (bad data) ranks as could_not_run: it is never evidence of a pass. */
function normalStatus(status: string): AxisStatus {
  return status === "pass" || status === "fail" || status === "could_not_run" ? status : "could_not_run";
}

function rank(status: string): number {
  return RANK[normalStatus(status)];
}

/** Unknown or unparsable times sort first, so any dated result is later than them. */
function timeOf(value: VerdictAxisResult["createdAt"]): number {
  if (value === undefined || value === null) return Number.NEGATIVE_INFINITY;
  const t = value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}
