"use client";
/**
 * The workspace's pull requests: number, title, repository, refs, the latest
 * verdict (marked stale when it is for an earlier head) and finding counts.
 * Kept current by the workspace stream; "Open pull request" for members.
 */
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useCallback, useMemo, useRef, useState } from "react";
import type { RepositoryView } from "@/lib/repositories/schemas";
import { ConnectionStatus } from "@/components/live/connection-status";
import { REVIEW_EVENT_TYPES, type StreamEvent } from "@/lib/events/catalogue";
import { useSerialRefetch } from "@/components/live/use-serial-refetch";
import { Button } from "@/components/ui/button";
import { RefetchError } from "@/components/ui/refetch-error";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { distinct, facet, matchesQuery } from "@/components/ui/list-filter";
import { useRowKeys } from "@/components/ui/use-row-keys";
import { workspaceApi } from "@/components/workspaces/keys";
import { formatDateTime, shortSha, timeAgo } from "@/components/reviews/format";
import { pullHref, pullKeys } from "./keys";
import { OpenPullDialog, type PullPrefill } from "./open-pull-dialog";
import { usePulls } from "./pull-hooks";
import type { PullRequestSummary } from "./pull-types";
import { useEventStream } from "@/components/live/use-event-stream";
import { VerdictBadge } from "./verdict-badge";

export function PullsList({
  slug,
  initialPulls,
  lastEventId,
  repositories,
  canWrite,
}: Readonly<{ slug: string; initialPulls: PullRequestSummary[]; lastEventId: string; repositories: RepositoryView[]; canWrite: boolean }>) {
  const pulls = usePulls(slug, initialPulls);
  // The command palette's "Open a pull request" lands here with ?new=pull; a room's branch adds what to prefill.
  const search = useSearchParams();
  const [opening, setOpening] = useState(search.get("new") === "pull" && canWrite);
  const [prefill] = useState<PullPrefill>(() => ({
    repositoryId: search.get("repository") ?? undefined,
    headRef: search.get("head") ?? undefined,
    baseRef: search.get("base") ?? undefined,
    title: search.get("title") ?? undefined,
  }));
  const refetch = useSerialRefetch(pullKeys.list(slug), 400);
  const onEvent = useCallback(
    (event: StreamEvent) => {
      if (event.id && !event.type.startsWith("run.")) refetch();
    },
    [refetch],
  );
  const stream = useEventStream(`${workspaceApi(slug)}/events`, lastEventId, onEvent, REVIEW_EVENT_TYPES);
  const list = pulls.data ?? [];
  const [query, setQuery] = useState("");
  const [state, setState] = useState("open");
  const [verdict, setVerdict] = useState("");
  const [repository, setRepository] = useState("");
  const [author, setAuthor] = useState("");
  const shown = list.filter(
    (pull) =>
      matchesQuery(query, [pull.title, pull.number, pull.repository.name, pull.baseRef, pull.headRef, pull.authorName]) &&
      facet(state, pull.state) &&
      facet(verdict, pull.verdict?.verdict ?? "none") &&
      facet(repository, pull.repository.name) &&
      facet(author, pull.authorName),
  );
  const repositoriesInList = useMemo(() => distinct(list, (p) => p.repository.name), [list]);
  const authors = useMemo(() => distinct(list, (p) => p.authorName), [list]);
  const listRef = useRef<HTMLUListElement>(null);
  useRowKeys(listRef, '[data-testid="pull-row"]');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Pull requests</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Each pull request has a review room: findings with a lifecycle, and a verdict that explains itself.</p>
        </div>
        <div className="flex items-center gap-4">
          <ConnectionStatus status={stream} />
          {canWrite ? (
            <Button data-testid="open-pull-button" onClick={() => setOpening(true)}>
              Open pull request
            </Button>
          ) : null}
        </div>
      </div>

      {pulls.isError ? <RefetchError what="The pull requests" error={pulls.error} onRetry={() => void pulls.refetch()} /> : null}

      {list.length > 0 ? (
        <FilterBar
          label="Search pull requests"
          query={query}
          onQuery={setQuery}
          shown={shown.length}
          total={list.length}
          facets={[
            {
              name: "state",
              label: "State",
              value: state,
              onChange: setState,
              options: ["open", "closed", "merged"].map((v) => ({ value: v, label: v })),
            },
            {
              name: "verdict",
              label: "Verdict",
              value: verdict,
              onChange: setVerdict,
              options: [
                { value: "ship", label: "Ship" },
                { value: "hold", label: "Hold" },
                { value: "block", label: "Block" },
                { value: "none", label: "No verdict yet" },
              ],
            },
            { name: "repository", label: "Repository", value: repository, onChange: setRepository, options: repositoriesInList.map((r) => ({ value: r, label: r })) },
            { name: "author", label: "Author", value: author, onChange: setAuthor, options: authors.map((a) => ({ value: a, label: a })) },
          ]}
        />
      ) : null}

      {list.length === 0 ? (
        <EmptyState
          title="No pull requests yet"
          action={
            canWrite ? (
              <Button data-testid="open-pull-empty" onClick={() => setOpening(true)}>
                Open the first pull request
              </Button>
            ) : null
          }
        >
          {canWrite
            ? "Compare two branches of a repository; a review room opens and the reviewer records findings and a Ship, Hold or Block verdict."
            : "Members open pull requests, or they arrive from GitHub; they will show here."}
        </EmptyState>
      ) : (
        <ul ref={listRef} data-testid="pull-list" className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {shown.length === 0 ? <li className="px-5 py-4 text-sm text-zinc-500 dark:text-zinc-400">No pull request matches.</li> : null}
          {shown.map((pull) => (
            <PullRow key={pull.id} slug={slug} pull={pull} />
          ))}
        </ul>
      )}

      {canWrite ? <OpenPullDialog slug={slug} open={opening} onClose={() => setOpening(false)} repositories={repositories} prefill={prefill} /> : null}
    </div>
  );
}

function PullRow({ slug, pull }: Readonly<{ slug: string; pull: PullRequestSummary }>) {
  const c = pull.counts;
  const stale = pull.verdict !== null && !pull.verdict.current;
  return (
    <li data-testid="pull-row" data-pull-id={pull.id} data-number={pull.number}>
      <Link href={pullHref(slug, pull.id)} className="grid gap-x-4 gap-y-1.5 px-5 py-4 hover:bg-zinc-50 focus-visible:-outline-offset-2 sm:grid-cols-[minmax(0,1fr)_auto] dark:hover:bg-zinc-800/60">
        <span className="min-w-0">
          <span className="flex flex-wrap items-center gap-2">
            <span data-testid="pull-row-title" className="max-w-full min-w-0 truncate font-medium" title={pull.title}>
              {pull.title}
            </span>
            <span className="text-sm text-zinc-500 dark:text-zinc-400">#{pull.number}</span>
            {pull.state !== "open" ? <span className="rounded-full bg-zinc-100 px-2 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">{pull.state}</span> : null}
          </span>
          <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-500 dark:text-zinc-400">
            <span>
              <span className="sr-only">Repository: </span>
              {pull.repository.name}
            </span>
            <span className="font-mono text-xs">
              {pull.baseRef} <span aria-hidden="true">←</span>
              <span className="sr-only"> from </span> {pull.headRef}
            </span>
            <code className="font-mono text-xs" title={pull.headSha}>
              {shortSha(pull.headSha)}
            </code>
            {pull.authorName ? <span>by {pull.authorName}</span> : pull.source === "github" ? <span>from GitHub</span> : null}
            <time dateTime={pull.updatedAt} title={formatDateTime(pull.updatedAt)} suppressHydrationWarning>
              {timeAgo(pull.updatedAt)}
            </time>
          </span>
        </span>
        <span className="flex flex-wrap items-center gap-2 self-center text-xs sm:justify-end">
          <VerdictBadge verdict={pull.verdict?.verdict ?? null} stale={stale} caveats={pull.verdict?.caveats} />
          <span data-testid="pull-counts" className="flex flex-wrap gap-x-2 text-zinc-600 dark:text-zinc-400">
            <Count n={c.open} label="open" strong />
            <Count n={c.consensusReady} label="confirmed" />
            <Count n={c.resolved} label="resolved" />
            <Count n={c.dismissed} label="dismissed" />
            {c.outdated > 0 ? <Count n={c.outdated} label="outdated" /> : null}
            {c.dropped > 0 ? <Count n={c.dropped} label="dropped" warn /> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

function Count({ n, label, strong, warn }: Readonly<{ n: number; label: string; strong?: boolean; warn?: boolean }>) {
  return (
    <span className={warn ? "text-red-700 dark:text-red-300" : strong && n > 0 ? "font-medium text-zinc-900 dark:text-zinc-100" : undefined}>
      {n} {label}
    </span>
  );
}
