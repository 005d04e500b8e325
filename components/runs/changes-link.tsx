/**
 * Beside a ticket or run: a link to the diff and commits when it changed
 * files, or — for a ticket that says it succeeded without changing anything —
 * "no changes", so success is never mistaken for work done.
 */
import Link from "next/link";
import type { ChangeKind } from "@/lib/runs/change-kind";

export const runChangesHref = (slug: string, runId: string) => `/w/${encodeURIComponent(slug)}/runs/${encodeURIComponent(runId)}/changes`;

export function ChangesLink({
  slug,
  runId,
  kind,
  succeeded,
  sayNone = false,
}: Readonly<{ slug: string; runId: string; kind: ChangeKind; succeeded: boolean; sayNone?: boolean }>) {
  if (kind === "none") {
    return sayNone && succeeded ? (
      <span data-testid="no-changes" title="It finished without committing, writing or deleting a file, or running a command" className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">
        no changes
      </span>
    ) : null;
  }
  return (
    <Link
      data-testid="changes-link"
      data-kind={kind}
      prefetch={false}
      href={runChangesHref(slug, runId)}
      className="text-xs font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
    >
      {kind === "changed" ? "Diff and commits" : "What changed?"}
    </Link>
  );
}
