"use client";
/**
 * A run of diff rows (a chunk of at most CHUNK_ROWS), with the findings
 * anchored in it: a gutter mark on each line of a finding's range, its card
 * under the range's last line. Memoized on its rows and its placements, so a
 * change to one finding re-renders one chunk, not the file, not the diff.
 */
import { memo, useMemo, useState } from "react";
import { cx } from "@/components/ui/cx";
import type { FindingView, Priority } from "@/components/pulls/pull-types";
import type { DiffMode, DiffRow, LineType, Placement, SplitSide } from "./diff-rows";
import { PRIORITY_DOT } from "./finding-badges";
import { FindingCard } from "./finding-card";
import { TOKEN_CLASS, type HunkTokens } from "./highlight";

export const CHUNK_ROWS = 50;
/** Heights used before a chunk has been drawn (text-xs leading-5 rows). */
export const ROW_PX = 20;
export const CARD_PX = 170;

const LINE_BG: Record<LineType, string> = {
  context: "",
  add: "bg-emerald-50 dark:bg-emerald-950/45",
  del: "bg-red-50 dark:bg-red-950/45",
};
const GUTTER_BG: Record<LineType, string> = {
  context: "text-zinc-500 dark:text-zinc-400",
  add: "bg-emerald-100/80 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300",
  del: "bg-red-100/80 text-red-800 dark:bg-red-900/40 dark:text-red-300",
};
const SIGN: Record<LineType, string> = { context: " ", add: "+", del: "-" };
const SR_LABEL: Record<LineType, string> = { context: "", add: "Added: ", del: "Removed: " };
const RANK: Record<Priority, number> = { P0: 0, P1: 1, P2: 2, P3: 3 };

export interface ChunkProps {
  rows: readonly DiffRow[];
  start: number;
  end: number;
  placements: readonly Placement[];
  mode: DiffMode;
  tokens: HunkTokens;
  fileIndex: number;
  path: string;
}

export const DiffChunk = memo(function DiffChunk({ rows, start, end, placements, mode, tokens, fileIndex, path }: Readonly<ChunkProps>) {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const { cards, marks } = useMemo(() => {
    const cards = new Map<number, FindingView[]>();
    const marks = new Map<number, { priority: Priority; count: number }>();
    for (const p of placements) {
      if (p.cardRow >= start && p.cardRow < end) cards.set(p.cardRow, [...(cards.get(p.cardRow) ?? []), p.finding]);
      for (const r of p.markRows) {
        if (r < start || r >= end) continue;
        const m = marks.get(r);
        if (!m) marks.set(r, { priority: p.finding.priority, count: 1 });
        else marks.set(r, { priority: RANK[p.finding.priority] < RANK[m.priority] ? p.finding.priority : m.priority, count: m.count + 1 });
      }
    }
    return { cards, marks };
  }, [placements, start, end]);

  const out = [];
  for (let r = start; r < end; r++) {
    const row = rows[r]!;
    if (row.kind === "hunk") {
      out.push(
        <div key={row.key} data-testid="diff-hunk" className="border-y border-zinc-200 bg-indigo-50/60 px-3 font-mono text-xs leading-6 text-zinc-600 dark:border-zinc-800 dark:bg-indigo-950/30 dark:text-zinc-400">
          {row.text}
        </div>,
      );
      continue;
    }
    const mark = marks.get(r);
    const rowCards = cards.get(r);
    const cardsShown = rowCards && !hidden.has(r);
    const toggle = rowCards
      ? () =>
          setHidden((h) => {
            const next = new Set(h);
            if (next.has(r)) next.delete(r);
            else next.add(r);
            return next;
          })
      : undefined;
    const marker = mark ? <Marker priority={mark.priority} count={mark.count} line={lineLabel(row)} expanded={cardsShown ? true : rowCards ? false : undefined} onToggle={toggle} /> : null;
    out.push(
      row.kind === "line" ? (
        <div
          key={row.key}
          id={row.newLine !== null ? `d${fileIndex}-n${row.newLine}` : undefined}
          data-testid="diff-line"
          data-type={row.type}
          data-old-line={row.oldLine ?? undefined}
          data-new-line={row.newLine ?? undefined}
          data-has-finding={mark ? true : undefined}
          className={cx("grid scroll-mt-32 grid-cols-[1.25rem_3rem_3rem_1rem_minmax(0,1fr)] font-mono text-xs leading-5", LINE_BG[row.type], mark && "shadow-[inset_2px_0_0_var(--color-indigo-500)]")}
        >
          <span className="flex items-start justify-center">{marker}</span>
          <span className={cx("select-none pr-2 text-right", GUTTER_BG[row.type])}>{row.oldLine ?? ""}</span>
          <span className={cx("select-none pr-2 text-right", GUTTER_BG[row.type])}>{row.newLine ?? ""}</span>
          <span aria-hidden="true" className="select-none text-center text-zinc-500 dark:text-zinc-400">
            {SIGN[row.type]}
          </span>
          <Code type={row.type} tokens={tokens.get(row.hunk, row.index)} noNewline={row.noNewline} />
        </div>
      ) : (
        <div
          key={row.key}
          id={row.right ? `d${fileIndex}-n${row.right.line}` : undefined}
          data-testid="diff-line"
          data-old-line={row.left?.line}
          data-new-line={row.right?.line}
          data-has-finding={mark ? true : undefined}
          className={cx("grid scroll-mt-32 grid-cols-[1.25rem_3rem_minmax(0,1fr)_3rem_minmax(0,1fr)] font-mono text-xs leading-5", mark && "shadow-[inset_2px_0_0_var(--color-indigo-500)]")}
        >
          <span className="flex items-start justify-center">{marker}</span>
          <SplitCell side={row.left} tokens={tokens} />
          <SplitCell side={row.right} tokens={tokens} border />
        </div>
      ),
    );
    if (cardsShown) {
      out.push(
        <div key={`${row.key}-cards`} data-testid="inline-findings" className="space-y-2 border-y border-zinc-200 bg-zinc-50 py-2 pl-8 pr-3 dark:border-zinc-800 dark:bg-zinc-950/60">
          {rowCards.map((f) => (
            <FindingCard key={f.id} finding={f} variant="inline" />
          ))}
        </div>,
      );
    }
  }
  return <div data-path={path}>{out}</div>;
});

function lineLabel(row: DiffRow): number | null {
  if (row.kind === "line") return row.newLine;
  if (row.kind === "pair") return row.right?.line ?? null;
  return null;
}

function Marker({ priority, count, line, expanded, onToggle }: Readonly<{ priority: Priority; count: number; line: number | null; expanded?: boolean; onToggle?: () => void }>) {
  const label = `${count} ${count === 1 ? "finding" : "findings"} on line ${line ?? "?"} (worst ${priority})`;
  const dot = <span aria-hidden="true" className={cx("mt-1.5 block size-2 rounded-full", PRIORITY_DOT[priority])} />;
  if (!onToggle) {
    return (
      <span data-testid="finding-marker" title={label}>
        {dot}
        <span className="sr-only">{label}</span>
      </span>
    );
  }
  return (
    <button type="button" data-testid="finding-marker" aria-expanded={expanded} aria-label={`${expanded ? "Hide" : "Show"} ${label}`} title={label} onClick={onToggle} className="flex h-5 w-5 items-start justify-center rounded">
      {dot}
    </button>
  );
}

function Code({ type, tokens, noNewline }: Readonly<{ type: LineType; tokens: ReturnType<HunkTokens["get"]>; noNewline?: boolean }>) {
  return (
    <code className="min-w-0 whitespace-pre-wrap pr-3 [overflow-wrap:anywhere]">
      {SR_LABEL[type] ? <span className="sr-only">{SR_LABEL[type]}</span> : null}
      {tokens.map((t, i) =>
        t.kind === "plain" ? (
          t.text
        ) : (
          <span key={i} className={TOKEN_CLASS[t.kind]}>
            {t.text}
          </span>
        ),
      )}
      {noNewline ? <span className="ml-2 select-none text-zinc-400" title="No newline at end of file">⏎̸</span> : null}
    </code>
  );
}

function SplitCell({ side, tokens, border }: Readonly<{ side: SplitSide | null; tokens: HunkTokens; border?: boolean }>) {
  if (!side) {
    return (
      <>
        <span className={cx("select-none bg-zinc-50 dark:bg-zinc-900/60", border && "border-l border-zinc-200 dark:border-zinc-800")} />
        <span className="bg-zinc-50 dark:bg-zinc-900/60" />
      </>
    );
  }
  return (
    <>
      <span className={cx("select-none pr-2 text-right", GUTTER_BG[side.type], border && "border-l border-zinc-200 dark:border-zinc-800")}>{side.line}</span>
      <span className={cx("flex min-w-0 pl-1", LINE_BG[side.type])}>
        <span aria-hidden="true" className="w-3 shrink-0 select-none text-zinc-500 dark:text-zinc-400">
          {SIGN[side.type]}
        </span>
        <Code type={side.type} tokens={tokens.get(side.hunk, side.index)} />
      </span>
    </>
  );
}
