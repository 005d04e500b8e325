"use client";
/**
 * The review history across pushes (R8): every verdict ever formed,
 * newest first, with the head it was for and what formed it. Earlier heads'
 * verdicts stay as they were; each row opens to the rules that made it.
 */
import type { ReviewView } from "@/components/pulls/pull-types";
import { VerdictBadge } from "@/components/pulls/verdict-badge";
import { formatDateTime, shortSha, timeAgo, TRIGGER_LABEL } from "./format";

export function ReviewHistory({ reviews, headSha }: Readonly<{ reviews: readonly ReviewView[]; headSha: string }>) {
  if (reviews.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No review has been published yet.</p>;
  }
  const heads = new Set(reviews.map((r) => r.headSha)).size;
  return (
    <div className="space-y-2">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {reviews.length} {reviews.length === 1 ? "verdict" : "verdicts"} across {heads} {heads === 1 ? "head" : "heads"}, newest first.
      </p>
      <ol data-testid="review-history" className="space-y-2">
        {reviews.map((review) => {
          const current = review.headSha === headSha;
          return (
            <li key={review.id} data-testid="review-history-row" data-head-sha={review.headSha} data-verdict={review.verdict} data-current={current} data-stale={!current}>
              <details className="rounded-md border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
                <summary className="flex cursor-pointer list-none flex-wrap items-center gap-2 px-3 py-2 text-sm [&::-webkit-details-marker]:hidden">
                  <VerdictBadge verdict={review.verdict} />
                  <code className="font-mono text-xs" title={review.headSha}>
                    {shortSha(review.headSha)}
                  </code>
                  {current ? (
                    <span className="rounded-full bg-indigo-50 px-1.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">current head</span>
                  ) : (
                    // R8: evidence for an older head never speaks for the current one.
                    <span className="rounded-full bg-amber-50 px-1.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200" title="This verdict was formed for an earlier head; a push made it stale">
                      stale · earlier head
                    </span>
                  )}
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">{TRIGGER_LABEL[review.trigger]}</span>
                  <time dateTime={review.createdAt} title={formatDateTime(review.createdAt)} suppressHydrationWarning className="ml-auto text-xs text-zinc-500 dark:text-zinc-400">
                    {timeAgo(review.createdAt)}
                  </time>
                </summary>
                <div className="border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">
                  {review.summary ? <p className="mb-2 whitespace-pre-wrap text-sm">{review.summary}</p> : null}
                  <ul className="space-y-1 text-xs text-zinc-700 dark:text-zinc-300">
                    {review.rules.map((rule, i) => (
                      <li key={`${rule.rule}-${i}`}>
                        <span className="font-semibold uppercase">{rule.effect}</span> · {rule.text}
                      </li>
                    ))}
                  </ul>
                </div>
              </details>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
