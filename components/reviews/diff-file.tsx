"use client";
/**
 * One file of the diff: a header that is always drawn (path, status, counts,
 * findings, collapse toggle) and a body drawn in chunks only while they are
 * near the viewport. Big files and lockfiles start collapsed. When a finding
 * is picked elsewhere, the file expands, draws the chunk that holds it and
 * scrolls it into view.
 */
import { memo, useEffect, useMemo, useRef, useState } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import type { DiffFile, FindingView } from "@/components/pulls/pull-types";
import { CARD_PX, CHUNK_ROWS, DiffChunk, ROW_PX, type ChunkProps } from "./diff-chunk";
import { chunkRanges, filePath, placeFindings, placementsIn, rowsFor, samePlacement, sameItems, type DiffMode, type Placement } from "./diff-rows";
import { FindingCard } from "./finding-card";
import { HunkTokens, languageFor } from "./highlight";
import { ChevronIcon, FileIcon } from "./icons";
import { useNearViewport } from "./use-near-viewport";
import { whenPresent } from "./when-present";

/** A request to show a place in this file; `nonce` makes a repeated click a new request. */
export interface DiffTarget {
  findingId: string | null;
  line: number;
  nonce: number;
}

const STATUS_TONE: Record<DiffFile["status"], BadgeTone> = { added: "green", deleted: "red", modified: "neutral", renamed: "indigo", copied: "indigo" };
const BIG_FILE_LINES = 800;
const LOCKFILE = /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|Cargo\.lock|go\.sum|poetry\.lock|Gemfile\.lock|composer\.lock)$|\.min\.(js|css)$/;

export function startsCollapsed(file: DiffFile): boolean {
  return file.additions + file.deletions > BIG_FILE_LINES || LOCKFILE.test(filePath(file));
}

export const DiffFileView = memo(function DiffFileView({
  file,
  index,
  mode,
  findings,
  target,
  eager = false,
}: Readonly<{
  file: DiffFile;
  index: number;
  mode: DiffMode;
  findings: readonly FindingView[];
  target: DiffTarget | null;
  /** draw the first chunk at once instead of waiting for the viewport observer (the top of the diff) */
  eager?: boolean;
}>) {
  const path = filePath(file);
  const [expanded, setExpanded] = useState(() => !startsCollapsed(file));
  const bodyId = `diff-file-body-${index}`;
  const rows = useMemo(() => rowsFor(file, mode), [file, mode]);
  const tokens = useMemo(() => new HunkTokens(file.hunks, languageFor(path)), [file, path]);
  const placement = useMemo(() => placeFindings(rows, findings), [rows, findings]);
  const chunks = useMemo(() => chunkRanges(rows.length, CHUNK_ROWS), [rows.length]);

  // Per-chunk placements keep their identity while nothing in the chunk changed.
  const previous = useRef<Map<string, Placement[]>>(new Map());
  const byChunk = useMemo(() => {
    const next = new Map<string, Placement[]>();
    for (const c of chunks) {
      const key = `${mode}:${c.start}`;
      const list = placementsIn(placement.placed, c.start, c.end);
      const old = previous.current.get(key);
      next.set(key, old && sameItems(old, list, samePlacement) ? old : list);
    }
    previous.current = next;
    return next;
  }, [chunks, placement, mode]);

  const targetRow = useMemo(() => {
    if (!target) return null;
    const placed = target.findingId ? placement.placed.find((p) => p.finding.id === target.findingId) : undefined;
    if (placed) return placed.cardRow;
    const at = rows.findIndex((r) => (r.kind === "line" ? r.newLine : r.kind === "pair" ? r.right?.line : null) === target.line);
    return at === -1 ? null : at;
  }, [target, placement, rows]);

  useEffect(() => {
    if (target) setExpanded(true);
  }, [target]);

  useEffect(() => {
    if (!target || !expanded) return;
    const ids = [...(target.findingId ? [`inline-finding-${target.findingId}`] : []), `d${index}-n${target.line}`];
    const cancel = whenPresent(ids, (element) => {
      element.scrollIntoView({ block: "center" });
      element.focus({ preventScroll: true });
    });
    // A line the diff does not show: at least bring its file into view.
    const fallback = setTimeout(() => {
      if (!ids.some((id) => document.getElementById(id))) document.getElementById(`diff-file-${index}`)?.scrollIntoView({ block: "start" });
    }, 400);
    return () => {
      cancel();
      clearTimeout(fallback);
    };
  }, [target, expanded, index]);

  const findingCount = findings.length;
  const renamed = file.oldPath && file.newPath && file.oldPath !== file.newPath;

  return (
    <section
      id={`diff-file-${index}`}
      data-testid="diff-file"
      data-path={path}
      aria-label={`${path}: ${file.status}, ${file.additions} added, ${file.deletions} removed`}
      tabIndex={-1}
      className="scroll-mt-20 rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <header className="sticky top-14 z-[5] flex flex-wrap items-center gap-2 rounded-t-lg border-b border-zinc-200 bg-zinc-50/95 px-2 py-1.5 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          data-testid="diff-file-toggle"
          onClick={() => setExpanded((e) => !e)}
          className="rounded p-1 text-zinc-600 hover:bg-zinc-200 dark:text-zinc-400 dark:hover:bg-zinc-800"
        >
          <ChevronIcon className={cx("transition-transform motion-reduce:transition-none", expanded && "rotate-90")} />
          <span className="sr-only">{expanded ? "Collapse" : "Expand"} {path}</span>
        </button>
        <FileIcon className="text-zinc-500 dark:text-zinc-400" />
        <span className="min-w-0 flex-1 truncate font-mono text-sm font-medium" title={path}>
          {renamed ? (
            <>
              <span className="text-zinc-500 dark:text-zinc-400">{file.oldPath}</span> → {file.newPath}
            </>
          ) : (
            path
          )}
        </span>
        <Badge tone={STATUS_TONE[file.status]}>{file.status}</Badge>
        {findingCount > 0 ? (
          <Badge tone="amber">
            {findingCount} {findingCount === 1 ? "finding" : "findings"}
          </Badge>
        ) : null}
        <span className="font-mono text-xs">
          <span className="text-emerald-700 dark:text-emerald-400">+{file.additions}</span>{" "}
          <span className="text-red-700 dark:text-red-400">−{file.deletions}</span>
        </span>
      </header>
      {placement.offDiff.length > 0 && expanded ? (
        <div className="space-y-2 border-b border-zinc-200 bg-zinc-50 px-3 py-2 dark:border-zinc-800 dark:bg-zinc-950/60">
          <p className="text-xs text-zinc-600 dark:text-zinc-400">On lines of this file that the diff does not show:</p>
          {placement.offDiff.map((f) => (
            <FindingCard key={f.id} finding={f} variant="inline" />
          ))}
        </div>
      ) : null}
      <div id={bodyId} hidden={!expanded}>
        {!expanded ? null : file.binary ? (
          <Note>Binary file; its contents are not shown.</Note>
        ) : rows.length === 0 ? (
          <Note>{renamed ? "Renamed without changes to its content." : file.oldMode !== file.newMode ? `File mode changed (${file.oldMode ?? "?"} → ${file.newMode ?? "?"}).` : "No changes to show."}</Note>
        ) : (
          chunks.map((c) => (
            <LazyChunk
              key={`${mode}:${c.start}`}
              rows={rows}
              start={c.start}
              end={c.end}
              placements={byChunk.get(`${mode}:${c.start}`) ?? []}
              mode={mode}
              tokens={tokens}
              fileIndex={index}
              path={path}
              pinned={targetRow !== null && targetRow >= c.start && targetRow < c.end}
              eager={eager && c.start === 0}
            />
          ))
        )}
      </div>
      {!expanded ? (
        <div className="px-4 py-3 text-sm text-zinc-600 dark:text-zinc-400">
          {startsCollapsed(file) ? `A large or generated file (${file.additions + file.deletions} changed lines) is collapsed. ` : "Collapsed. "}
          <button type="button" onClick={() => setExpanded(true)} className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
            Show the diff
          </button>
        </div>
      ) : null}
    </section>
  );
});

function Note({ children }: Readonly<{ children: string }>) {
  return <p className="px-4 py-3 text-sm text-zinc-600 dark:text-zinc-400">{children}</p>;
}

/** Draws its chunk only near the viewport (or when pinned); otherwise a spacer of the last known height. */
function LazyChunk({
  pinned,
  eager,
  ...chunk
}: Readonly<ChunkProps & { pinned: boolean; eager: boolean }>) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, "1200px 0px", eager);
  const show = near || pinned;
  const height = useRef<number | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!show || !element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      height.current = element.offsetHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [show]);

  const estimate = height.current ?? (chunk.end - chunk.start) * ROW_PX + new Set(chunk.placements.map((p) => p.cardRow)).size * CARD_PX;
  return (
    <div ref={ref} style={show ? undefined : { height: estimate }} data-chunk={chunk.start}>
      {show ? <DiffChunk {...chunk} /> : null}
    </div>
  );
}
