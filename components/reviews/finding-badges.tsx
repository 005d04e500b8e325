/** The facts of a finding at a glance: priority, kind, status and confidence, each with words (never colour alone). */
import { cx } from "@/components/ui/cx";
import type { FindingView, Priority } from "@/components/pulls/pull-types";
import { KIND_LABEL, percent, PRIORITY_MEANING, STATUS_LABEL } from "./format";

const PRIORITY_LOOK: Record<Priority, string> = {
  P0: "bg-red-600 text-white dark:bg-red-700",
  P1: "bg-amber-500 text-zinc-950 dark:bg-amber-400",
  P2: "bg-sky-700 text-white dark:bg-sky-700",
  P3: "bg-zinc-600 text-white dark:bg-zinc-600",
};

export const PRIORITY_DOT: Record<Priority, string> = {
  P0: "bg-red-600 dark:bg-red-400",
  P1: "bg-amber-500 dark:bg-amber-400",
  P2: "bg-sky-600 dark:bg-sky-400",
  P3: "bg-zinc-400 dark:bg-zinc-500",
};

const STATUS_LOOK: Record<FindingView["status"], string> = {
  open: "bg-white text-zinc-700 ring-zinc-300 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700",
  consensusReady: "bg-indigo-50 text-indigo-800 ring-indigo-300 dark:bg-indigo-950 dark:text-indigo-200 dark:ring-indigo-800",
  resolved: "bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800",
  dismissed: "bg-zinc-100 text-zinc-600 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-400 dark:ring-zinc-700",
};

export function PriorityBadge({ priority }: Readonly<{ priority: Priority }>) {
  return (
    <span title={`${priority}: ${PRIORITY_MEANING[priority]}`} className={cx("inline-flex items-center rounded px-1.5 py-0.5 font-mono text-[11px] font-bold leading-none", PRIORITY_LOOK[priority])}>
      {priority}
      <span className="sr-only"> ({PRIORITY_MEANING[priority]})</span>
    </span>
  );
}

export function StatusBadge({ status }: Readonly<{ status: FindingView["status"] }>) {
  return (
    <span data-testid="finding-status" data-status={status} className={cx("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", STATUS_LOOK[status])}>
      {STATUS_LABEL[status]}
    </span>
  );
}

export function FindingFacts({ finding, className }: Readonly<{ finding: FindingView; className?: string }>) {
  return (
    <span className={cx("flex flex-wrap items-center gap-1.5 text-xs", className)}>
      <PriorityBadge priority={finding.priority} />
      <span className="font-medium text-zinc-700 dark:text-zinc-300">{KIND_LABEL[finding.kind]}</span>
      <span className="text-zinc-500 dark:text-zinc-400" title="The author's own confidence in this finding">
        {percent(finding.confidence)} confident
      </span>
      <StatusBadge status={finding.status} />
      {finding.outdated ? (
        <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">Outdated</span>
      ) : null}
    </span>
  );
}
