"use client";
/**
 * The review room view of a pull request: header, verdict banner, the diff
 * with findings inline, and a side panel with the findings, the review
 * history across pushes and what was dropped at the read boundary.
 *
 * Live: the room's event stream (resumed after the snapshot's last event)
 * refetches what an event touches — findings on finding events, the detail on
 * reviews, axes, drops and head changes — one read at a time per query, so a
 * burst of events (a reviewer adding findings) becomes a couple of reads.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { REVIEW_EVENT_TYPES, type StreamEvent } from "@/lib/events/catalogue";
import { useSerialRefetch } from "@/components/live/use-serial-refetch";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { Spinner } from "@/components/ui/spinner";
import { pullKeys } from "@/components/pulls/keys";
import { MergePanel } from "@/components/pulls/merge-panel";
import { PullHeader } from "@/components/pulls/pull-header";
import { usePull, usePullDiff } from "@/components/pulls/pull-hooks";
import type { FindingView, PullRequestDetail } from "@/components/pulls/pull-types";
import { useEventStream } from "@/components/live/use-event-stream";
import { workspaceApi } from "@/components/workspaces/keys";
import type { DiffTarget } from "./diff-file";
import { filePath } from "./diff-rows";
import { DiffView } from "./diff-view";
import { DroppedFindings } from "./dropped-findings";
import { errorMessage } from "./fetch-review";
import { useFindings } from "./finding-hooks";
import { FindingsPanel } from "./findings-panel";
import { OutsideFindings } from "./outside-findings";
import { PublishStatus } from "./publish-status";
import { ReviewContext, type ReviewContextValue } from "./review-context";
import { ReviewHistory } from "./review-history";
import { ReviewTabs } from "./review-tabs";
import { VerdictBanner } from "./verdict-banner";

const NONE: FindingView[] = [];
type Tab = "findings" | "history" | "dropped";

export function ReviewRoom({
  slug,
  initialDetail,
  initialFindings,
  lastEventId,
  initialReviewing,
  canWrite,
  userId,
}: Readonly<{ slug: string; initialDetail: PullRequestDetail; initialFindings?: FindingView[]; lastEventId: string; initialReviewing: boolean; canWrite: boolean; userId: string }>) {
  const pullId = initialDetail.pullRequest.id;
  const queryClient = useQueryClient();
  const detailQuery = usePull(slug, pullId, initialDetail);
  const detail = detailQuery.data ?? initialDetail;
  const pull = detail.pullRequest;
  const diffQuery = usePullDiff(slug, pullId, pull.baseSha, pull.headSha);
  const findingsQuery = useFindings(slug, pullId, initialFindings);
  const findings = findingsQuery.data ?? NONE;
  const [reviewing, setReviewing] = useState(initialReviewing);
  const [tab, setTab] = useState<Tab>("findings");
  const [diffTarget, setDiffTarget] = useState<{ path: string; target: DiffTarget } | null>(null);
  const [panelFocus, setPanelFocus] = useState<{ findingId: string; nonce: number } | null>(null);
  const nonce = useRef(0);

  const refetchDetail = useSerialRefetch(pullKeys.view(slug, pullId), 250);
  const refetchFindings = useSerialRefetch(pullKeys.findings(slug, pullId), 250);
  const onEvent = useCallback(
    (event: StreamEvent) => {
      const about = "pullRequestId" in event.data ? event.data.pullRequestId : undefined;
      if (about && about !== pullId) return;
      switch (event.type) {
        case "finding.created":
        case "finding.updated": {
          refetchFindings();
          refetchDetail();
          void queryClient.invalidateQueries({ queryKey: pullKeys.finding(slug, pullId, event.data.findingId) });
          return;
        }
        case "finding.replied":
          // R10: a reply arrived; the open thread refetches, the card's count follows.
          void queryClient.invalidateQueries({ queryKey: pullKeys.replies(slug, pullId, event.data.findingId) });
          refetchFindings();
          return;
        case "finding.fix_started":
          refetchFindings();
          return;
        case "pull.state_changed":
        case "pull.head_changed":
        case "pull.edited":
          refetchDetail();
          refetchFindings();
          void queryClient.invalidateQueries({ queryKey: pullKeys.list(slug) });
          return;
        case "finding.dropped":
        case "review.published":
        case "axes.recorded":
        case "publish.pending":
        case "publish.published":
        case "publish.failed":
          refetchDetail();
          return;
        case "run.queued":
        case "run.started":
          setReviewing(true);
          return;
        case "run.waiting":
        case "run.finished":
          setReviewing(false);
          refetchDetail();
          return;
      }
    },
    [pullId, queryClient, refetchDetail, refetchFindings, slug],
  );
  const roomId = detail.room?.id ?? null;
  const stream = useEventStream(roomId ? `${workspaceApi(slug)}/rooms/${encodeURIComponent(roomId)}/events` : null, lastEventId, onEvent, REVIEW_EVENT_TYPES);

  const showInDiff = useCallback((finding: FindingView) => {
    if (!finding.anchor) return;
    nonce.current += 1;
    setDiffTarget({ path: finding.anchor.file, target: { findingId: finding.id, line: finding.anchor.startLine, nonce: nonce.current } });
  }, []);
  const showInPanel = useCallback((findingId: string) => {
    nonce.current += 1;
    setTab("findings");
    setPanelFocus({ findingId, nonce: nonce.current });
  }, []);
  // R9: a closed or merged pull request's review is read-only until it is reopened.
  const writable = canWrite && pull.state === "open";
  const context = useMemo<ReviewContextValue>(() => ({ slug, pullId, canWrite: writable, userId, showInDiff, showInPanel }), [slug, pullId, writable, userId, showInDiff, showInPanel]);

  const diff = diffQuery.data;
  const groups = useMemo(() => {
    const paths = new Set(diff?.files.map(filePath) ?? []);
    const inline: FindingView[] = [];
    const outdated: FindingView[] = [];
    const repoWide: FindingView[] = [];
    const elsewhere: FindingView[] = [];
    for (const f of findings) {
      if (f.outdated) outdated.push(f);
      else if (!f.anchor) repoWide.push(f);
      else if (diff && paths.has(f.anchor.file) && (!f.anchor.sha || f.anchor.sha === diff.head)) inline.push(f);
      else if (diff) elsewhere.push(f);
    }
    return { inline, outdated, repoWide, elsewhere, paths: [...paths] };
  }, [findings, diff]);

  return (
    <ReviewContext.Provider value={context}>
      <div data-testid="review-room" data-pull-id={pullId} className="space-y-4">
        <PullHeader slug={slug} detail={detail} stream={stream} canWrite={canWrite} />
        {detailQuery.isError ? <ErrorText>{`The review could not be refreshed: ${errorMessage(detailQuery.error)}`}</ErrorText> : null}
        {pull.state !== "open" ? (
          <p data-testid="pull-closed-note" role="note" className="rounded-md border border-zinc-300 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
            This pull request is {pull.state}. Its review is read-only{pull.state === "closed" ? " until it is reopened" : ""}.
          </p>
        ) : null}
        <VerdictBanner detail={detail} reviewing={reviewing} canWrite={writable} />
        <PublishStatus slug={slug} pullId={pullId} publication={detail.publication} canWrite={canWrite} />
        <MergePanel slug={slug} detail={detail} canWrite={canWrite} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="min-w-0 space-y-4">
            <OutsideFindings outdated={groups.outdated} repoWide={groups.repoWide} elsewhere={groups.elsewhere} />
            {diff ? (
              <DiffView diff={diff} findings={groups.inline} target={diffTarget} />
            ) : diffQuery.isError ? (
              <div className="flex items-center gap-3">
                <ErrorText className="flex-1">{`The diff could not be loaded: ${errorMessage(diffQuery.error)}`}</ErrorText>
                <Button variant="secondary" size="sm" onClick={() => void diffQuery.refetch()}>
                  Retry
                </Button>
              </div>
            ) : (
              <div className="flex items-center gap-2 py-8 text-sm text-zinc-600 dark:text-zinc-400">
                <Spinner /> Loading the diff…
              </div>
            )}
          </div>
          <aside aria-label="Findings and history" className="min-w-0 self-start lg:sticky lg:top-[4.5rem] lg:max-h-[calc(100vh-5.5rem)] lg:overflow-y-auto lg:pr-1">
            <ReviewTabs
              tabs={[
                { id: "findings", label: "Findings", count: findings.length },
                { id: "history", label: "History", count: detail.reviews.length },
                { id: "dropped", label: "Dropped", count: detail.drops.length },
              ]}
              selected={tab}
              onSelect={setTab}
            >
              {tab === "findings" ? (
                <FindingsPanel
                  findings={findings}
                  loading={findingsQuery.isPending}
                  error={findingsQuery.isError ? `The findings could not be loaded: ${errorMessage(findingsQuery.error)}` : null}
                  focus={panelFocus}
                  files={groups.paths}
                />
              ) : tab === "history" ? (
                <ReviewHistory reviews={detail.reviews} headSha={pull.headSha} />
              ) : (
                <DroppedFindings drops={detail.drops} />
              )}
            </ReviewTabs>
          </aside>
        </div>
      </div>
    </ReviewContext.Provider>
  );
}
