/**
 * What a run changed, as a page: the ticket and room it belongs to, its
 * commits with their files, the diff they add up to, and what it wrote but
 * never committed. Says plainly when it changed nothing, or when it only ran
 * commands (whose effects no tool call records).
 */
import Link from "next/link";
import type { DiffFile } from "@/lib/diff/parse-diff";
import type { RunChanges } from "@/lib/runs/get-run-changes";
import { EmptyState } from "@/components/ui/empty-state";
import { openPullHref } from "@/components/pulls/keys";
import { shortSha } from "@/components/reviews/format";

const MAX_LINES_SHOWN = 5_000;

export function RunChangesView({ slug, changes, canWrite }: Readonly<{ slug: string; changes: RunChanges; canWrite: boolean }>) {
  const room = changes.room;
  const title = changes.ticket ? `${changes.ticket.key} · ${changes.ticket.title}` : "A run";
  // The work on a room's branch goes on to review, prefilled like the room's own action.
  const openPull =
    canWrite && changes.commits.length > 0 && room?.branch && room.repositoryId
      ? openPullHref(slug, { repositoryId: room.repositoryId, headRef: room.branch, title: changes.ticket?.title ?? room.name })
      : null;
  return (
    <div data-testid="run-changes" data-kind={changes.kind} className="space-y-6">
      <header className="space-y-1 border-b border-zinc-200 pb-4 dark:border-zinc-800">
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Changes</p>
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Run {changes.status}
          {room ? (
            <>
              {" "}
              in{" "}
              <Link href={`/w/${encodeURIComponent(slug)}/rooms/${encodeURIComponent(room.id)}`} className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
                {room.name}
              </Link>
              {room.branch ? (
                <>
                  {" "}
                  on <code className="font-mono text-xs">{room.branch}</code>
                </>
              ) : null}
            </>
          ) : null}
          .
        </p>
        {openPull ? (
          <Link data-testid="changes-open-pull" href={openPull} className="inline-block text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
            Open pull request from {room?.branch} →
          </Link>
        ) : null}
      </header>

      {changes.commits.length === 0 && changes.uncommitted.length === 0 ? (
        <EmptyState title={changes.ranCommands ? "No commits" : "No changes"}>
          {changes.ranCommands
            ? "This run committed nothing and wrote no file with a file tool. It ran commands, which may have changed files in the room's worktree without committing them."
            : "This run committed nothing, wrote no file and ran no command."}
        </EmptyState>
      ) : null}

      {changes.commits.length > 0 ? (
        <section aria-labelledby="commits-title" className="space-y-2">
          <h2 id="commits-title" className="text-sm font-semibold">
            {changes.commits.length === 1 ? "1 commit" : `${changes.commits.length} commits`}
          </h2>
          <ol className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {changes.commits.map((c) => (
              <li key={c.sha} data-testid="run-commit" data-sha={c.sha} className="px-4 py-2 text-sm">
                <p>
                  <code className="font-mono text-xs" title={c.sha}>
                    {shortSha(c.sha)}
                  </code>{" "}
                  <span className="font-medium">{c.subject}</span> <span className="text-xs text-zinc-500 dark:text-zinc-400">· {c.author}</span>
                </p>
                <ul className="mt-1 flex flex-wrap gap-x-3 font-mono text-xs text-zinc-600 dark:text-zinc-400">
                  {c.files.map((f) => (
                    <li key={f.path}>
                      <span aria-label={STATUS_WORDS[f.status] ?? f.status}>{f.status}</span> {f.path}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {changes.uncommitted.length > 0 ? (
        <section aria-labelledby="uncommitted-title" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
          <h2 id="uncommitted-title" className="font-semibold">
            Written but not committed
          </h2>
          <p className="mt-1">These files were written or deleted by the run but are in none of its commits; they live only in the room&apos;s worktree:</p>
          <ul className="mt-1 font-mono text-xs">
            {changes.uncommitted.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          {canWrite && room?.branch ? (
            <Link data-testid="changes-commit-in-room" href={`/w/${encodeURIComponent(slug)}/rooms/${encodeURIComponent(room.id)}`} className="mt-2 inline-block font-medium underline underline-offset-2">
              Commit them in the room (Commit changes…) →
            </Link>
          ) : null}
        </section>
      ) : null}

      {changes.diff ? (
        <section aria-labelledby="diff-title" className="space-y-3">
          <h2 id="diff-title" className="text-sm font-semibold">
            Diff <code className="font-mono text-xs font-normal">{shortSha(changes.diff.base)}…{shortSha(changes.diff.head)}</code>
          </h2>
          {changes.diff.truncated ? <p className="text-xs text-amber-800 dark:text-amber-300">The diff is larger than shown; only its first part is here.</p> : null}
          {changes.diff.files.map((f) => (
            <FileDiff key={`${f.oldPath}->${f.newPath}`} file={f} />
          ))}
        </section>
      ) : changes.commits.length > 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">The commits do not follow one another, so there is no single diff; each commit above lists its files.</p>
      ) : null}
    </div>
  );
}

const STATUS_WORDS: Record<string, string> = { A: "added", M: "modified", D: "deleted", R: "renamed", C: "copied", T: "type changed" };

function FileDiff({ file }: Readonly<{ file: DiffFile }>) {
  const path = file.newPath ?? file.oldPath ?? "?";
  let shown = 0;
  return (
    <details open data-testid="run-diff-file" data-path={path} className="overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800">
      <summary className="cursor-pointer bg-zinc-50 px-3 py-1.5 font-mono text-xs dark:bg-zinc-900">
        {path} <span className="text-emerald-700 dark:text-emerald-400">+{file.additions}</span> <span className="text-red-700 dark:text-red-400">−{file.deletions}</span>
      </summary>
      {file.binary ? (
        <p className="px-3 py-2 text-xs text-zinc-600 dark:text-zinc-400">Binary file; not shown.</p>
      ) : (
        <pre className="overflow-x-auto text-xs leading-5">
          {file.hunks.map((h, i) => (
            <code key={i} className="block">
              <span className="block bg-indigo-50 px-3 text-indigo-800 dark:bg-indigo-950/50 dark:text-indigo-200">{`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@ ${h.section}`}</span>
              {h.lines.map((l, j) => {
                if (++shown > MAX_LINES_SHOWN) return null;
                const look = l.type === "add" ? "bg-emerald-50 dark:bg-emerald-950/40" : l.type === "del" ? "bg-red-50 dark:bg-red-950/40" : "";
                const mark = l.type === "add" ? "+" : l.type === "del" ? "−" : " ";
                return (
                  <span key={j} className={`block px-3 ${look}`}>
                    <span aria-hidden="true">{mark}</span>
                    <span className="sr-only">{l.type === "add" ? "added: " : l.type === "del" ? "removed: " : ""}</span>
                    {l.content}
                  </span>
                );
              })}
            </code>
          ))}
        </pre>
      )}
    </details>
  );
}
