"use client";
/**
 * The top of the review room: title and number, the refs and the head commit,
 * the room's mode (review, R1), a link to the room's conversation, whether
 * live updates flow, and "Refresh head" (re-read the head branch: how a push
 * reaches a pull request opened in Gatehouse).
 */
import Link from "next/link";
import { useState } from "react";
import type { Mode } from "@/lib/modes/types";
import { ConnectionStatus } from "@/components/live/connection-status";
import type { EventStreamStatus } from "@/components/live/use-event-stream";
import { builtInView } from "@/components/rooms/mode-meta";
import { ModeBadge } from "@/components/rooms/mode-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { errorMessage } from "@/components/reviews/fetch-review";
import { shortSha } from "@/components/reviews/format";
import { RefreshIcon } from "@/components/reviews/icons";
import { useChangePullState, useRefreshHead } from "./pull-hooks";
import { ReviewRequests } from "./review-requests";
import type { PullRequestDetail } from "./pull-types";

export function PullHeader({ slug, detail, stream, canWrite }: Readonly<{ slug: string; detail: PullRequestDetail; stream: EventStreamStatus; canWrite: boolean }>) {
  const pull = detail.pullRequest;
  const refresh = useRefreshHead(slug, pull.id);
  const changeState = useChangePullState(slug, pull.id);
  // A GitHub pull request's state is GitHub's (R9); only pull requests opened in Gatehouse close here.
  const ownState = pull.source !== "github";
  const [result, setResult] = useState<string | null>(null);

  return (
    <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3 border-b border-zinc-200 pb-4 dark:border-zinc-800">
      <div className="min-w-0 max-w-full flex-1 space-y-1.5">
        <nav aria-label="Breadcrumb" className="text-xs text-zinc-500 dark:text-zinc-400">
          <Link href={`/w/${slug}/pulls`} className="hover:text-zinc-900 hover:underline dark:hover:text-zinc-100">
            Pull requests
          </Link>
          <span aria-hidden="true"> / </span>#{pull.number}
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          <h1 data-testid="pull-title" className="min-w-0 text-xl font-semibold tracking-tight [overflow-wrap:anywhere]">
            {pull.title} <span className="font-normal text-zinc-500 dark:text-zinc-400">#{pull.number}</span>
          </h1>
          {detail.room ? <ModeBadge profile={builtInView(detail.room.mode as Mode)} size="md" /> : null}
          <span data-testid="pull-state" data-state={pull.state}>
            <Badge tone={pull.state === "open" ? "green" : pull.state === "merged" ? "indigo" : "neutral"}>{pull.state}</Badge>
          </span>
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
          <div className="flex gap-1.5">
            <dt className="text-zinc-500 dark:text-zinc-400">Repository</dt>
            <dd className="font-medium text-zinc-800 dark:text-zinc-200">{pull.repository.name}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="sr-only">Branches</dt>
            <dd data-testid="pull-refs" className="font-mono text-xs leading-5">
              <code className="rounded bg-zinc-100 px-1.5 py-0.5 dark:bg-zinc-800">{pull.baseRef}</code>
              <span aria-hidden="true"> ← </span>
              <span className="sr-only"> from </span>
              <code className="rounded bg-zinc-100 px-1.5 py-0.5 dark:bg-zinc-800">{pull.headRef}</code>
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-zinc-500 dark:text-zinc-400">Head</dt>
            <dd>
              <code data-testid="head-sha" data-sha={pull.headSha} title={pull.headSha} className="font-mono text-xs">
                {shortSha(pull.headSha)}
              </code>
            </dd>
          </div>
          {pull.authorName ? (
            <div className="flex gap-1.5">
              <dt className="text-zinc-500 dark:text-zinc-400">Opened by</dt>
              <dd className="text-zinc-800 dark:text-zinc-200">{pull.authorName}</dd>
            </div>
          ) : null}
          {detail.room?.agent ? (
            <div className="flex gap-1.5">
              <dt className="text-zinc-500 dark:text-zinc-400">Reviewer</dt>
              <dd className="text-zinc-800 dark:text-zinc-200">{detail.room.agent.name}</dd>
            </div>
          ) : null}
        </dl>
        <ReviewRequests slug={slug} detail={detail} canWrite={canWrite} />
        {detail.room ? (
          <Link data-testid="room-link" prefetch={false} href={`/w/${slug}/rooms/${detail.room.id}`} className="inline-block text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
            Open the room’s conversation →
          </Link>
        ) : null}
      </div>
      <div className="flex flex-col items-end gap-2">
        <ConnectionStatus status={stream} />
        {canWrite && pull.state === "open" ? (
          <Button
            variant="secondary"
            size="sm"
            data-testid="refresh-head"
            loading={refresh.isPending}
            onClick={() => {
              setResult(null);
              refresh.mutate(undefined, {
                onSuccess: (change) =>
                  setResult(
                    change.changed
                      ? `The head moved from ${shortSha(change.previousHeadSha)} to ${shortSha(change.headSha)}; a re-review is queued.`
                      : `${pull.headRef} is still at ${shortSha(change.headSha)}; nothing new to review.`,
                  ),
              });
            }}
          >
            {refresh.isPending ? null : <RefreshIcon />}
            Refresh head
          </Button>
        ) : null}
        {canWrite && ownState && pull.state !== "merged" ? (
          <Button
            variant="secondary"
            size="sm"
            data-testid={pull.state === "open" ? "close-pull" : "reopen-pull"}
            loading={changeState.isPending}
            onClick={() => changeState.mutate(pull.state === "open" ? "close" : "reopen")}
          >
            {pull.state === "open" ? "Close pull request" : "Reopen pull request"}
          </Button>
        ) : null}
        {changeState.error ? (
          <div className="max-w-xs">
            <ErrorText className="text-xs">{errorMessage(changeState.error)}</ErrorText>
          </div>
        ) : null}
        <p role="status" aria-live="polite" data-testid="refresh-result" className="max-w-xs text-right text-xs text-zinc-600 empty:hidden dark:text-zinc-400">
          {result ?? ""}
        </p>
        {refresh.error ? (
          <div className="max-w-xs">
            <ErrorText className="text-xs">{errorMessage(refresh.error)}</ErrorText>
          </div>
        ) : null}
      </div>
    </header>
  );
}
