"use client";
/** O6: a project reached its budget; the pipeline waits in its room for a raise or a cancel. */
import Link from "next/link";
import type { ApprovalView } from "@/lib/approvals/list-approvals";

export function BudgetInboxRow({ approval, slug }: Readonly<{ approval: ApprovalView; slug: string }>) {
  return (
    <li data-testid="budget-row" data-approval-id={approval.id} className="space-y-2 px-5 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold tracking-wide text-amber-700 uppercase dark:text-amber-400">Budget reached</span>
        {approval.room ? <span className="text-sm text-zinc-600 dark:text-zinc-400">in {approval.room.name}</span> : null}
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{approval.summary}</p>
      {approval.room ? (
        <Link href={`/w/${slug}/rooms/${approval.room.id}?tab=plan`} className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          Raise the budget or cancel the pipeline
        </Link>
      ) : null}
    </li>
  );
}
