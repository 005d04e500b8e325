"use client";
/**
 * The diff of the pull request: unified or split, a list of the changed
 * files, and each file with its findings inline. Findings are grouped per
 * file into arrays that keep their identity while the file's findings are
 * unchanged, so a live update to one finding re-renders one file at most.
 */
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { cx } from "@/components/ui/cx";
import type { FindingView, PullDiff } from "@/components/pulls/pull-types";
import { DiffFileView, type DiffTarget } from "./diff-file";
import { filePath, sameItems, type DiffMode } from "./diff-rows";

const NO_FINDINGS: readonly FindingView[] = Object.freeze([]);
const MODE_KEY = "gatehouse-diff-mode";

export function DiffView({
  diff,
  findings,
  target,
}: Readonly<{ diff: PullDiff; findings: readonly FindingView[]; target: { path: string; target: DiffTarget } | null }>) {
  const [mode, setMode] = useState<DiffMode>("unified");
  const modeName = useId();
  useEffect(() => {
    try {
      if (localStorage.getItem(MODE_KEY) === "split") setMode("split");
    } catch {
      // storage may be refused; unified it is
    }
  }, []);
  const choose = (next: DiffMode) => {
    setMode(next);
    try {
      localStorage.setItem(MODE_KEY, next);
    } catch {
      // the choice still applies to this page
    }
  };

  const previous = useRef<Map<string, FindingView[]>>(new Map());
  const byFile = useMemo(() => {
    const next = new Map<string, FindingView[]>();
    for (const f of findings) {
      if (!f.anchor) continue;
      const list = next.get(f.anchor.file);
      if (list) list.push(f);
      else next.set(f.anchor.file, [f]);
    }
    for (const [path, list] of next) {
      const old = previous.current.get(path);
      if (old && sameItems(old, list)) next.set(path, old);
    }
    previous.current = next;
    return next;
  }, [findings]);

  const totals = useMemo(() => diff.files.reduce((t, f) => ({ additions: t.additions + f.additions, deletions: t.deletions + f.deletions }), { additions: 0, deletions: 0 }), [diff.files]);

  return (
    <section aria-labelledby={`${modeName}-title`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${modeName}-title`} className="text-base font-semibold">
          Files changed <span className="font-normal text-zinc-500 dark:text-zinc-400">({diff.files.length})</span>{" "}
          <span className="font-mono text-sm font-normal">
            <span className="text-emerald-700 dark:text-emerald-400">+{totals.additions}</span>{" "}
            <span className="text-red-700 dark:text-red-400">−{totals.deletions}</span>
          </span>
        </h2>
        <fieldset data-testid="diff-mode" className="flex rounded-md border border-zinc-300 p-0.5 text-sm dark:border-zinc-700">
          <legend className="sr-only">Diff layout</legend>
          {(["unified", "split"] as const).map((m) => (
            <label
              key={m}
              className={cx(
                "relative cursor-pointer rounded px-2.5 py-1 font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500",
                mode === m ? "bg-zinc-200 text-zinc-900 dark:bg-zinc-700 dark:text-zinc-100" : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100",
              )}
            >
              <input type="radio" name={modeName} value={m} checked={mode === m} onChange={() => choose(m)} data-testid={`diff-mode-${m}`} className="sr-only" />
              {m === "unified" ? "Unified" : "Split"}
            </label>
          ))}
        </fieldset>
      </div>

      {diff.truncated && diff.message ? (
        <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-200">
          {diff.message}
        </p>
      ) : null}

      {diff.files.length > 1 ? <FileList files={diff.files} byFile={byFile} /> : null}

      {diff.files.length === 0 ? (
        <p className="rounded-md border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">No file changes between these commits.</p>
      ) : (
        <div data-testid="diff" data-mode={mode} className="space-y-4">
          {diff.files.map((file, i) => {
            const path = filePath(file);
            return (
              <DiffFileView
                key={`${file.oldPath ?? ""}→${file.newPath ?? ""}`}
                file={file}
                index={i}
                mode={mode}
                findings={byFile.get(path) ?? NO_FINDINGS}
                target={target && target.path === path ? target.target : null}
                eager={i < 2}
              />
            );
          })}
        </div>
      )}
    </section>
  );
}

function FileList({ files, byFile }: Readonly<{ files: PullDiff["files"]; byFile: ReadonlyMap<string, readonly FindingView[]> }>) {
  return (
    <details open={files.length <= 30} className="rounded-lg border border-zinc-200 bg-white text-sm dark:border-zinc-800 dark:bg-zinc-900">
      <summary className="cursor-pointer select-none px-3 py-2 font-medium text-zinc-700 dark:text-zinc-300">{files.length} changed files</summary>
      <nav aria-label="Changed files" className="max-h-60 overflow-y-auto border-t border-zinc-200 dark:border-zinc-800">
        <ul data-testid="diff-file-list" className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {files.map((file, i) => {
            const path = filePath(file);
            const count = byFile.get(path)?.length ?? 0;
            return (
              <li key={`${file.oldPath ?? ""}→${file.newPath ?? ""}`}>
                <a
                  href={`#diff-file-${i}`}
                  data-testid="diff-file-link"
                  onClick={(event) => {
                    event.preventDefault();
                    const section = document.getElementById(`diff-file-${i}`);
                    section?.scrollIntoView({ block: "start" });
                    section?.focus({ preventScroll: true });
                  }}
                  className="flex items-center gap-3 px-3 py-1.5 hover:bg-zinc-50 dark:hover:bg-zinc-800/60"
                >
                  <span className="min-w-0 flex-1 truncate font-mono text-xs">{path}</span>
                  {count > 0 ? (
                    <span className="rounded-full bg-amber-100 px-1.5 text-xs font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
                      {count}
                      <span className="sr-only"> {count === 1 ? "finding" : "findings"}</span>
                    </span>
                  ) : null}
                  <span className="shrink-0 font-mono text-xs">
                    <span className="text-emerald-700 dark:text-emerald-400">+{file.additions}</span>{" "}
                    <span className="text-red-700 dark:text-red-400">−{file.deletions}</span>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
    </details>
  );
}
