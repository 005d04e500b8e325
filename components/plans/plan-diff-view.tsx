"use client";
/** P2: what changed between two versions — goal, added, removed and changed steps — with inline word diffs. */
import type { PlanDiff, TextChange } from "@/lib/plans/diff-plan-versions";
import { cx } from "@/components/ui/cx";

function Words({ change }: Readonly<{ change: TextChange }>) {
  return (
    <span className="whitespace-pre-wrap">
      {change.segments.map((s, i) => (
        <span
          key={i}
          className={cx(
            s.kind === "added" && "rounded-sm bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
            s.kind === "removed" && "rounded-sm bg-red-100 text-red-900 line-through dark:bg-red-900/60 dark:text-red-100",
          )}
        >
          {s.kind === "added" ? <span className="sr-only">added: </span> : s.kind === "removed" ? <span className="sr-only">removed: </span> : null}
          {s.text}
        </span>
      ))}
    </span>
  );
}

export function PlanDiffView({ diff, fromVersion, toVersion }: Readonly<{ diff: PlanDiff; fromVersion: number; toVersion: number }>) {
  if (diff.identical) return <p className="text-sm text-zinc-600 dark:text-zinc-400">v{toVersion} is the same plan as v{fromVersion}.</p>;
  return (
    <div data-testid="plan-diff" className="space-y-3 text-sm">
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Changes from v{fromVersion} to v{toVersion}
      </p>
      {diff.goal ? (
        <div>
          <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Goal</p>
          <Words change={diff.goal} />
        </div>
      ) : null}
      {diff.added.length ? (
        <ul aria-label="Added steps" className="space-y-1">
          {diff.added.map((n) => (
            <li key={n.key} data-diff="added" className="rounded border-l-4 border-emerald-500 bg-emerald-50 px-2 py-1 dark:bg-emerald-950/40">
              <span className="font-medium">Added</span> <code className="font-mono text-xs">{n.key}</code> — {n.title}
              {n.dependsOn.length ? <span className="text-xs text-zinc-600 dark:text-zinc-400"> (needs {n.dependsOn.join(", ")})</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {diff.removed.length ? (
        <ul aria-label="Removed steps" className="space-y-1">
          {diff.removed.map((n) => (
            <li key={n.key} data-diff="removed" className="rounded border-l-4 border-red-500 bg-red-50 px-2 py-1 dark:bg-red-950/40">
              <span className="font-medium">Removed</span> <code className="font-mono text-xs">{n.key}</code> — <span className="line-through">{n.title}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {diff.changed.length ? (
        <ul aria-label="Changed steps" className="space-y-1">
          {diff.changed.map((c) => (
            <li key={c.key} data-diff="changed" className="space-y-0.5 rounded border-l-4 border-amber-500 bg-amber-50 px-2 py-1 dark:bg-amber-950/40">
              <p>
                <span className="font-medium">Changed</span> <code className="font-mono text-xs">{c.key}</code>
              </p>
              {c.title ? (
                <p>
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">Title: </span>
                  <Words change={c.title} />
                </p>
              ) : null}
              {c.description ? (
                <p>
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">Description: </span>
                  <Words change={c.description} />
                </p>
              ) : null}
              {c.dependsOn ? (
                <p className="text-xs">
                  Needs {c.dependsOn.added.length ? <span className="text-emerald-700 dark:text-emerald-300">+{c.dependsOn.added.join(", +")}</span> : null}{" "}
                  {c.dependsOn.removed.length ? <span className="text-red-700 line-through dark:text-red-300">{c.dependsOn.removed.join(", ")}</span> : null}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
