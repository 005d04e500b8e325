"use client";
/**
 * Findings that have no line in the diff as shown: outdated ones (their lines
 * changed in a later push; they still count until resolved), repository-wide
 * notes, and anchors in files this diff does not touch. Listed compactly;
 * their full cards are in the findings panel.
 */
import type { FindingView } from "@/components/pulls/pull-types";
import { PriorityBadge, StatusBadge } from "./finding-badges";
import { anchorLabel, KIND_LABEL } from "./format";
import { useReview } from "./review-context";

export function OutsideFindings({ outdated, repoWide, elsewhere }: Readonly<{ outdated: readonly FindingView[]; repoWide: readonly FindingView[]; elsewhere: readonly FindingView[] }>) {
  if (outdated.length + repoWide.length + elsewhere.length === 0) return null;
  return (
    <section aria-labelledby="outside-findings-title" className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id="outside-findings-title" className="text-base font-semibold">
        Findings outside the diff
      </h2>
      <Group title="Outdated: their lines changed in a later push" hint="They still count towards the verdict until resolved or dismissed." findings={outdated} testid="outdated-finding" />
      <Group title="Repository-wide" findings={repoWide} testid="general-finding" />
      <Group title="In files or lines this diff does not show" findings={elsewhere} testid="elsewhere-finding" />
    </section>
  );
}

function Group({ title, hint, findings, testid }: Readonly<{ title: string; hint?: string; findings: readonly FindingView[]; testid: string }>) {
  const { showInPanel } = useReview();
  if (findings.length === 0) return null;
  return (
    <div className="mt-3">
      <h3 className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {title} <span className="font-normal text-zinc-500 dark:text-zinc-400">({findings.length})</span>
      </h3>
      {hint ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{hint}</p> : null}
      <ul className="mt-1 divide-y divide-zinc-100 dark:divide-zinc-800">
        {findings.map((f) => (
          <li key={f.id} data-testid={testid} data-finding-id={f.id} data-status={f.status} className="flex flex-wrap items-center gap-2 py-1.5 text-sm">
            <PriorityBadge priority={f.priority} />
            <span className="text-xs text-zinc-600 dark:text-zinc-400">{KIND_LABEL[f.kind]}</span>
            <span className="min-w-0 flex-1 truncate font-medium">{f.title}</span>
            {f.anchor ? <code className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{anchorLabel(f.anchor)}</code> : null}
            <StatusBadge status={f.status} />
            <button type="button" onClick={() => showInPanel(f.id)} className="text-xs font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
              Show card<span className="sr-only">: {f.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
