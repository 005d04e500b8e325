/**
 * R5: the axis table under a verdict. Missing evidence is shown as missing,
 * never as a pass; whether an axis is gated decides whether it can change the
 * verdict, and the table says so in words.
 */
import { cx } from "@/components/ui/cx";
import { AxisLog } from "./axis-log";
import type { AxisTableRow } from "@/components/pulls/pull-types";

const STATUS: Record<AxisTableRow["status"], { label: string; look: string; mark: string }> = {
  pass: { label: "pass", look: "text-emerald-800 bg-emerald-50 ring-emerald-300 dark:text-emerald-200 dark:bg-emerald-950 dark:ring-emerald-800", mark: "✓" },
  fail: { label: "fail", look: "text-red-800 bg-red-50 ring-red-300 dark:text-red-200 dark:bg-red-950 dark:ring-red-800", mark: "✕" },
  could_not_run: { label: "could not run", look: "text-amber-900 bg-amber-50 ring-amber-300 dark:text-amber-200 dark:bg-amber-950 dark:ring-amber-800", mark: "!" },
  missing: { label: "missing", look: "text-zinc-700 bg-zinc-100 ring-zinc-300 dark:text-zinc-300 dark:bg-zinc-800 dark:ring-zinc-700", mark: "?" },
};

/** `logs`: where a failed or unrunnable row's log is read from (the pull request and the head the table is for). */
export function AxisTable({ rows, caption, logs }: Readonly<{ rows: readonly AxisTableRow[]; caption: string; logs?: { slug: string; pullId: string; headSha: string } }>) {
  if (rows.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No axes are declared for this repository (gatehouse.axes.json).</p>;
  return (
    <div className="overflow-x-auto">
      <table data-testid="axis-table" className="w-full min-w-[28rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
          <tr>
            <th scope="col" className="py-1.5 pr-3 font-medium">Axis</th>
            <th scope="col" className="py-1.5 pr-3 font-medium">Gated</th>
            <th scope="col" className="py-1.5 pr-3 font-medium">Status</th>
            <th scope="col" className="py-1.5 font-medium">Detail</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200/70 dark:divide-zinc-800">
          {rows.map((row) => {
            const s = STATUS[row.status];
            return (
              <tr key={row.axis} data-testid="axis-row" data-axis={row.axis} data-status={row.status} data-gated={row.gated}>
                <th scope="row" className="py-1.5 pr-3 font-mono text-xs font-medium">
                  {row.axis}
                  {!row.declared ? <span className="ml-1 font-sans font-normal text-zinc-500 dark:text-zinc-400">(not declared)</span> : null}
                </th>
                <td className="py-1.5 pr-3 text-xs">{row.gated ? <span className="font-medium">gated</span> : <span className="text-zinc-500 dark:text-zinc-400">report only</span>}</td>
                <td className="py-1.5 pr-3">
                  <span className={cx("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", s.look)}>
                    <span aria-hidden="true">{s.mark}</span>
                    {s.label}
                  </span>
                </td>
                <td className="py-1.5 text-xs text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">
                  {row.detail ?? (row.status === "missing" ? "No result for this head yet; missing evidence is not a pass." : "")}
                  {row.source ? <span className="ml-1 text-zinc-500 dark:text-zinc-400">· {row.source === "check_run" ? "GitHub check" : row.source}</span> : null}
                  {logs && row.source && (row.status === "fail" || row.status === "could_not_run") ? <AxisLog {...logs} axis={row.axis} source={row.source} /> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
