"use client";
/** P2: every version of the room's plan, newest first, with its status and what changed; one is open. */
import type { PlanVersionItem } from "@/lib/plans/list-plans";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { formatTime } from "@/components/rooms/format";

export const PLAN_STATUS: Record<PlanVersionItem["status"], { label: string; tone: BadgeTone }> = {
  submitted: { label: "awaiting approval", tone: "amber" },
  approved: { label: "approved", tone: "green" },
  rejected: { label: "rejected", tone: "red" },
  superseded: { label: "superseded", tone: "neutral" },
};

export function PlanVersions({ versions, current, onOpen }: Readonly<{ versions: PlanVersionItem[]; current: string; onOpen: (planId: string) => void }>) {
  return (
    <ol data-testid="plan-versions" aria-label="Plan versions" className="space-y-1">
      {versions.map((v) => (
        <li key={v.id}>
          <button
            type="button"
            onClick={() => onOpen(v.id)}
            aria-current={v.id === current ? "true" : undefined}
            className={cx(
              "flex w-full flex-wrap items-center gap-x-2 gap-y-0.5 rounded-md px-2 py-1 text-left text-sm",
              v.id === current ? "bg-indigo-50 ring-1 ring-indigo-200 dark:bg-indigo-950/50 dark:ring-indigo-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-800",
            )}
          >
            <span className="font-medium">v{v.version}</span>
            <Badge tone={PLAN_STATUS[v.status].tone}>{PLAN_STATUS[v.status].label}</Badge>
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              {v.steps} steps · {v.changes} · {formatTime(v.createdAt)}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}
