"use client";
/**
 * The findings panel: filters by kind, priority, status and minimum
 * confidence (applied in the browser to the one list the diff also uses, so
 * filtering is instant and costs no request), and the cards, drawn in pages
 * as the list scrolls so hundreds of findings stay cheap.
 */
import { useRowKeys } from "@/components/ui/use-row-keys";
import { startTransition, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { FINDING_KINDS, FINDING_STATUSES, PRIORITIES } from "@/lib/reviews/schemas";
import type { FindingKind, FindingStatus, FindingView, Priority } from "@/components/pulls/pull-types";
import { AddFindingForm } from "./add-finding-form";
import { FindingCard } from "./finding-card";
import { KIND_LABEL, STATUS_LABEL } from "./format";
import { useReview } from "./review-context";
import { useNearViewport } from "./use-near-viewport";
import { whenPresent } from "./when-present";

const PAGE = 20;

export interface FindingFilters {
  kinds: ReadonlySet<FindingKind>;
  priorities: ReadonlySet<Priority>;
  statuses: ReadonlySet<FindingStatus>;
  minConfidence: number;
}

export const NO_FILTERS: FindingFilters = { kinds: new Set(), priorities: new Set(), statuses: new Set(), minConfidence: 0 };

export function matches(f: FindingView, filters: FindingFilters): boolean {
  return (
    (filters.kinds.size === 0 || filters.kinds.has(f.kind)) &&
    (filters.priorities.size === 0 || filters.priorities.has(f.priority)) &&
    (filters.statuses.size === 0 || filters.statuses.has(f.status)) &&
    f.confidence >= filters.minConfidence
  );
}

export function FindingsPanel({
  findings,
  loading,
  error,
  focus,
  files,
}: Readonly<{
  findings: readonly FindingView[];
  loading: boolean;
  error: string | null;
  focus: { findingId: string; nonce: number } | null;
  files: readonly string[];
}>) {
  const { canWrite } = useReview();
  const [filters, setFilters] = useState<FindingFilters>(NO_FILTERS);
  const [shown, setShown] = useState(PAGE);
  const [adding, setAdding] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  // j / k walk the findings (the cards are focusable); Enter or Tab reaches their actions.
  useRowKeys(listRef, '[data-testid="finding-card"]');
  const filtered = useMemo(() => findings.filter((f) => matches(f, filters)), [findings, filters]);
  const filtering = filters !== NO_FILTERS && (filters.kinds.size > 0 || filters.priorities.size > 0 || filters.statuses.size > 0 || filters.minConfidence > 0);

  // A finding picked in the diff: make sure the filters and the page let its card be drawn, then show it.
  useEffect(() => {
    if (!focus) return;
    const finding = findings.find((f) => f.id === focus.findingId);
    if (!finding) return;
    const visible = matches(finding, filters);
    if (!visible) setFilters(NO_FILTERS);
    const index = (visible ? filtered : findings).findIndex((f) => f.id === focus.findingId);
    if (index >= shown) setShown(index + PAGE);
    return whenPresent([`finding-card-${focus.findingId}`], (card) => {
      card.scrollIntoView({ block: "nearest" });
      card.focus({ preventScroll: true });
    });
    // Only a new request moves the panel; filter edits must not scroll it back.
  }, [focus]);

  const counts = useMemo(() => {
    const c = { kind: new Map<string, number>(), priority: new Map<string, number>(), status: new Map<string, number>() };
    for (const f of findings) {
      c.kind.set(f.kind, (c.kind.get(f.kind) ?? 0) + 1);
      c.priority.set(f.priority, (c.priority.get(f.priority) ?? 0) + 1);
      c.status.set(f.status, (c.status.get(f.status) ?? 0) + 1);
    }
    return c;
  }, [findings]);

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <p role="status" data-testid="findings-count" className="text-sm text-zinc-600 dark:text-zinc-400">
          {loading ? "Loading findings…" : filtering ? `${filtered.length} of ${findings.length} findings` : `${findings.length} ${findings.length === 1 ? "finding" : "findings"}`}
        </p>
        {canWrite ? (
          <Button size="sm" variant="secondary" data-testid="add-finding-toggle" aria-expanded={adding} onClick={() => setAdding((a) => !a)}>
            {adding ? "Close" : "Add finding"}
          </Button>
        ) : null}
      </div>
      {adding ? <AddFindingForm files={files} onDone={() => setAdding(false)} /> : null}

      <details className="rounded-md border border-zinc-200 dark:border-zinc-800">
        <summary className="cursor-pointer select-none px-3 py-1.5 text-sm font-medium">Filters{filtering ? " (on)" : ""}</summary>
        <div className="space-y-2 border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
          <ChipGroup legend="Priority" values={PRIORITIES} labels={(p) => p} counts={counts.priority} selected={filters.priorities} onChange={(priorities) => setFilters({ ...filters, priorities })} testid="filter-priority" />
          <ChipGroup legend="Kind" values={FINDING_KINDS} labels={(k) => KIND_LABEL[k]} counts={counts.kind} selected={filters.kinds} onChange={(kinds) => setFilters({ ...filters, kinds })} testid="filter-kind" />
          <ChipGroup legend="Status" values={FINDING_STATUSES} labels={(s) => STATUS_LABEL[s]} counts={counts.status} selected={filters.statuses} onChange={(statuses) => setFilters({ ...filters, statuses })} testid="filter-status" />
          <ConfidenceFilter value={filters.minConfidence} onChange={(minConfidence) => setFilters({ ...filters, minConfidence })} />
          {filtering ? (
            <button type="button" onClick={() => setFilters(NO_FILTERS)} className="text-xs font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
              Clear filters
            </button>
          ) : null}
        </div>
      </details>

      {error ? <p className="text-sm text-red-700 dark:text-red-300">{error}</p> : null}
      {!loading && filtered.length === 0 ? (
        <p className="rounded-md border border-dashed border-zinc-300 px-3 py-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {findings.length === 0 ? "No findings yet." : "No finding matches these filters."}
        </p>
      ) : null}
      <ol ref={listRef} data-testid="findings-list" className="space-y-2">
        {filtered.slice(0, shown).map((f) => (
          <li key={f.id}>
            <FindingCard finding={f} variant="panel" />
          </li>
        ))}
      </ol>
      {filtered.length > shown ? <MoreFindings left={filtered.length - shown} onMore={() => startTransition(() => setShown((n) => n + PAGE))} /> : null}
    </div>
  );
}

/** Draws the next page when it scrolls near, and is a button for keyboards and screen readers. */
function MoreFindings({ left, onMore }: Readonly<{ left: number; onMore: () => void }>) {
  const ref = useRef<HTMLButtonElement>(null);
  const near = useNearViewport(ref, "600px 0px");
  const more = useEffectEvent(onMore);
  useEffect(() => {
    if (near) more();
  }, [near, left]);
  return (
    <button ref={ref} type="button" className={cx(buttonClasses("ghost", "sm"), "w-full")} onClick={onMore}>
      Show more ({left} left)
    </button>
  );
}

function ChipGroup<T extends string>({
  legend,
  values,
  labels,
  counts,
  selected,
  onChange,
  testid,
}: Readonly<{ legend: string; values: readonly T[]; labels: (v: T) => string; counts: ReadonlyMap<string, number>; selected: ReadonlySet<T>; onChange: (next: ReadonlySet<T>) => void; testid: string }>) {
  return (
    <fieldset data-testid={testid}>
      <legend className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-1">
        {values.map((v) => {
          const on = selected.has(v);
          return (
            <label
              key={v}
              className={cx(
                "relative cursor-pointer rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500",
                on ? "bg-indigo-600 text-white ring-indigo-600 dark:bg-indigo-500 dark:ring-indigo-500" : "text-zinc-700 ring-zinc-300 hover:bg-zinc-100 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800",
              )}
            >
              <input
                type="checkbox"
                className="sr-only"
                value={v}
                checked={on}
                onChange={() => {
                  const next = new Set(selected);
                  if (on) next.delete(v);
                  else next.add(v);
                  onChange(next);
                }}
              />
              {labels(v)} <span className={on ? "opacity-80" : "text-zinc-500 dark:text-zinc-400"}>{counts.get(v) ?? 0}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function ConfidenceFilter({ value, onChange }: Readonly<{ value: number; onChange: (v: number) => void }>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="flex justify-between text-xs font-medium text-zinc-600 dark:text-zinc-400">
        <span>Minimum confidence</span>
        <output htmlFor={id}>{Math.round(value * 100)}%</output>
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={value}
        data-testid="filter-confidence"
        onChange={(e) => onChange(Number(e.target.value))}
        className="mt-1 w-full accent-indigo-600"
      />
    </div>
  );
}
