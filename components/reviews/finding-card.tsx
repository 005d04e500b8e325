"use client";
/**
 * One finding, in the findings panel ("panel") or under its line in the diff
 * ("inline"): what it is, where, who raised and who confirmed it, the actions
 * and, on request, its history. Memoized on the finding object: a change to
 * one finding re-renders only its own cards.
 */
import { memo, useId, useState } from "react";
import { cx } from "@/components/ui/cx";
import { Markdown } from "@/components/ui/markdown";
import type { FindingView } from "@/components/pulls/pull-types";
import { ApplySuggestionButton } from "@/components/pulls/apply-suggestion-button";
import { FindingActions } from "./finding-actions";
import { FindingFacts } from "./finding-badges";
import { FindingHistory } from "./finding-history";
import { FindingThread } from "./finding-thread";
import { anchorLabel, formatDateTime, timeAgo } from "./format";
import { ChevronIcon } from "./icons";
import { useReview } from "./review-context";

export const FindingCard = memo(function FindingCard({ finding, variant }: Readonly<{ finding: FindingView; variant: "panel" | "inline" }>) {
  const { slug, showInDiff, showInPanel } = useReview();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [threadOpen, setThreadOpen] = useState(false);
  const threadId = useId();
  const closed = finding.status === "resolved" || finding.status === "dismissed";
  const [collapsed, setCollapsed] = useState(variant === "inline" && closed);
  const titleId = useId();
  const historyId = useId();
  const inline = variant === "inline";

  return (
    <article
      id={inline ? `inline-finding-${finding.id}` : `finding-card-${finding.id}`}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid={inline ? "inline-finding" : "finding-card"}
      data-finding-id={finding.id}
      data-status={finding.status}
      data-priority={finding.priority}
      data-kind={finding.kind}
      data-line={finding.anchor?.startLine}
      className={cx(
        "scroll-mt-32 rounded-md border text-sm shadow-xs focus:outline-none focus:ring-2 focus:ring-indigo-500",
        inline ? "border-zinc-300 dark:border-zinc-700" : "border-zinc-200 dark:border-zinc-800",
        // Closed: a dashed edge and a quieter ground (not opacity, which took its text under 4.5:1).
        closed ? "border-dashed bg-zinc-50 dark:bg-zinc-950" : "bg-white dark:bg-zinc-900",
        inline ? "px-3 py-2" : "p-3",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <FindingFacts finding={finding} />
        {inline ? (
          <span className="flex items-center gap-1">
            {closed ? (
              <button type="button" onClick={() => setCollapsed((c) => !c)} aria-expanded={!collapsed} className="rounded px-1.5 text-xs text-zinc-600 underline-offset-2 hover:underline dark:text-zinc-400">
                {collapsed ? "Show" : "Hide"}
              </button>
            ) : null}
            <button type="button" onClick={() => showInPanel(finding.id)} className="rounded px-1.5 text-xs text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
              In panel
            </button>
          </span>
        ) : null}
      </div>
      <h4 id={titleId} className={cx("mt-1.5 font-semibold text-zinc-900 [overflow-wrap:anywhere] dark:text-zinc-100", closed && "line-through decoration-zinc-400")}>
        {finding.title}
      </h4>
      {!inline ? (
        <p className="mt-0.5 text-xs">
          {finding.anchor ? (
            <a
              href={`#inline-finding-${finding.id}`}
              data-testid="finding-anchor"
              onClick={(event) => {
                event.preventDefault();
                showInDiff(finding);
              }}
              className="font-mono text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              {anchorLabel(finding.anchor)}
            </a>
          ) : (
            <span className="text-zinc-500 dark:text-zinc-400">Repository-wide</span>
          )}
          {finding.outdated ? <span className="ml-2 text-zinc-500 dark:text-zinc-400">its lines changed in a later push</span> : null}
        </p>
      ) : null}
      {collapsed ? null : (
        <div className="mt-1.5 space-y-2">
          {finding.body ? <Markdown text={finding.body} citations={finding.author.startsWith("agent:")} className="text-zinc-700 [overflow-wrap:anywhere] dark:text-zinc-300" /> : null}
          {finding.suggestion ? (
            <div>
              <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">Suggested change</p>
              <pre className="mt-0.5 overflow-x-auto rounded bg-zinc-50 p-2 font-mono text-xs text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">{finding.suggestion}</pre>
              <ApplySuggestionButton finding={finding} />
            </div>
          ) : null}
          {finding.statusReason ? (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {finding.status === "dismissed" ? "Dismissed" : finding.status === "resolved" ? "Resolved" : "Reason"}: “{finding.statusReason}”
            </p>
          ) : null}
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Raised by <span className="font-medium text-zinc-700 dark:text-zinc-300">{finding.authorName}</span>
            {finding.author.startsWith("agent:") ? " (agent)" : ""} ·{" "}
            <time dateTime={finding.createdAt} title={formatDateTime(finding.createdAt)} suppressHydrationWarning>
              {timeAgo(finding.createdAt)}
            </time>{" "}
            ·{" "}
            <span data-testid="finding-confirmations" className={finding.confirmations.length > 0 ? "font-medium text-indigo-700 dark:text-indigo-300" : undefined}>
              {finding.confirmations.length === 0 ? "no confirmations yet" : `confirmed by ${finding.confirmations.map((c) => c.name).join(", ")}`}
            </span>
            {finding.requiredConfirmations > 1 ? (
              // R3: this workspace asks for more than one confirmation at this priority.
              <span data-testid="finding-consensus-need">
                {" "}
                · {Math.min(finding.confirmations.length, finding.requiredConfirmations)} of {finding.requiredConfirmations} needed for consensus
              </span>
            ) : null}
          </p>
          {finding.fixRoom ? (
            <p className="text-xs">
              <span className="text-zinc-500 dark:text-zinc-400">Being fixed in </span>
              <a data-testid="finding-fix-room" href={`/w/${encodeURIComponent(slug)}/rooms/${encodeURIComponent(finding.fixRoom.id)}`} className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
                {finding.fixRoom.name}
              </a>
            </p>
          ) : null}
          <FindingActions finding={finding} compact={inline} />
          <div>
            <button
              type="button"
              aria-expanded={threadOpen}
              aria-controls={threadOpen ? threadId : undefined}
              data-testid="finding-thread-toggle"
              onClick={() => setThreadOpen((o) => !o)}
              className="inline-flex items-center gap-1 rounded text-xs font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
            >
              <ChevronIcon className={cx("size-3 transition-transform motion-reduce:transition-none", threadOpen && "rotate-90")} />
              Discussion{finding.replyCount > 0 ? ` (${finding.replyCount})` : ""}
            </button>
            {threadOpen ? (
              <div id={threadId} className="mt-1.5">
                <FindingThread findingId={finding.id} />
              </div>
            ) : null}
          </div>
          <div>
            <button
              type="button"
              aria-expanded={historyOpen}
              aria-controls={historyOpen ? historyId : undefined}
              data-testid="finding-history-toggle"
              onClick={() => setHistoryOpen((o) => !o)}
              className="inline-flex items-center gap-1 rounded text-xs font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
            >
              <ChevronIcon className={cx("size-3 transition-transform motion-reduce:transition-none", historyOpen && "rotate-90")} />
              History
            </button>
            {historyOpen ? (
              <div id={historyId} className="mt-1.5">
                <FindingHistory findingId={finding.id} />
              </div>
            ) : null}
          </div>
        </div>
      )}
    </article>
  );
});
