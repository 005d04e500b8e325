"use client";
/** R4: findings dropped at the read boundary, with the reason each was dropped. They never reach a verdict, and they are not hidden. */
import type { DroppedFinding } from "@/components/pulls/pull-types";
import { formatDateTime, timeAgo } from "./format";

export function DroppedFindings({ drops }: Readonly<{ drops: readonly DroppedFinding[] }>) {
  if (drops.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing was dropped. A finding with a missing or out-of-range priority or confidence would be listed here (R4).</p>;
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">These were refused at the read boundary (R4) and count towards no verdict.</p>
      <ol data-testid="dropped-findings" className="space-y-2">
        {drops.map((drop) => (
          <li key={drop.id} data-testid="dropped-finding" data-drop-id={drop.id} className="rounded-md border border-red-200 bg-red-50/60 p-3 text-sm dark:border-red-900 dark:bg-red-950/30">
            <p className="font-medium text-red-800 dark:text-red-200">{drop.reason}</p>
            <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
              <time dateTime={drop.createdAt} title={formatDateTime(drop.createdAt)} suppressHydrationWarning>
                {timeAgo(drop.createdAt)}
              </time>
              {drop.runId ? " · from the reviewer's run" : " · from a person"}
            </p>
            <details className="mt-1">
              <summary className="cursor-pointer text-xs font-medium text-zinc-600 dark:text-zinc-400">What was sent</summary>
              <pre className="mt-1 max-h-48 overflow-auto rounded bg-white p-2 font-mono text-xs dark:bg-zinc-950">{JSON.stringify(drop.raw, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ol>
    </div>
  );
}
