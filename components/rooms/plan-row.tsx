import Link from "next/link";
import { PlanIcon } from "./icons";
import type { MessageMeta } from "./room-types";

/** P2: a submitted plan as one compact row that opens Plan Studio beside the conversation. */
export function PlanRow({ meta, goal }: Readonly<{ meta: Extract<MessageMeta, { kind: "plan" }>; goal: string }>) {
  const href = `?tab=plan&plan=${encodeURIComponent(meta.planId)}`;
  return (
    <div
      data-testid="plan-row"
      data-plan-id={meta.planId}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm dark:border-amber-800 dark:bg-amber-950/40"
    >
      <PlanIcon className="text-amber-700 dark:text-amber-300" />
      <span className="font-medium text-amber-950 dark:text-amber-100">
        Plan v{meta.version} · {meta.steps} {meta.steps === 1 ? "step" : "steps"}
      </span>
      <span className="min-w-0 flex-1 truncate text-amber-900/80 dark:text-amber-200/80" title={goal}>
        {goal.replace(/^Plan v\d+:\s*/, "")}
      </span>
      <Link
        href={href}
        scroll={false}
        className="font-medium text-amber-900 underline underline-offset-2 hover:no-underline dark:text-amber-200"
        aria-label={`Open plan v${meta.version} in Plan Studio`}
      >
        Open in Plan Studio
      </Link>
    </div>
  );
}

/** O1: an orchestration proposal as one compact row; nothing runs until a person approves it. */
export function ProposalRow({ text }: Readonly<{ text: string }>) {
  return (
    <div
      data-testid="proposal-row"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm dark:border-emerald-800 dark:bg-emerald-950/40"
    >
      <PlanIcon className="text-emerald-700 dark:text-emerald-300" />
      <span className="font-medium text-emerald-950 dark:text-emerald-100">{text}</span>
      <span className="text-emerald-900/80 dark:text-emerald-200/80">Waits for a person&apos;s approval; nothing runs until then.</span>
      <Link
        href="?tab=plan"
        scroll={false}
        data-testid="proposal-open"
        className="font-medium text-emerald-900 underline underline-offset-2 hover:no-underline dark:text-emerald-200"
      >
        Open in Plan Studio
      </Link>
    </div>
  );
}
