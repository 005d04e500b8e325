"use client";
/**
 * R11: what the review of this head did not read (binary files, past the size
 * limit), and — while the gap holds the verdict — a way for a person to accept
 * it with a reason. The acceptance is recorded with their name and re-forms
 * the verdict.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { fetchJson } from "@/components/ui/fetch-json";
import { pullApi, pullKeys } from "@/components/pulls/keys";
import type { ReviewView } from "@/components/pulls/pull-types";
import { errorMessage } from "./fetch-review";

export function CoverageNote({ slug, pullId, review, canWrite }: Readonly<{ slug: string; pullId: string; review: ReviewView; canWrite: boolean }>) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const accept = useMutation({
    mutationFn: () => fetchJson<{ verdict: string | null }>(`${pullApi(slug, pullId)}/coverage`, { method: "POST", json: { reason } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pullKeys.view(slug, pullId) }),
  });
  const coverage = review.coverage;
  if (!coverage || coverage.complete) return null;
  return (
    <div data-testid="coverage-note" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
      <p className="font-semibold">This review did not read the whole diff.</p>
      <ul className="mt-1 list-disc pl-5">
        {coverage.unread.slice(0, 20).map((u) => (
          <li key={`${u.path}-${u.reason}`}>
            <code className="font-mono text-xs">{u.path}</code> — {u.reason}
          </li>
        ))}
        {coverage.unread.length > 20 ? <li>and {coverage.unread.length - 20} more</li> : null}
      </ul>
      {review.gapAcceptedBy ? (
        <p data-testid="coverage-accepted" className="mt-2">
          {review.gapAcceptedBy} accepted the gap.
        </p>
      ) : canWrite ? (
        <form
          className="mt-2 flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            accept.mutate();
          }}
        >
          <label className="sr-only" htmlFor="coverage-reason">
            Why the unread part may go unreviewed
          </label>
          <input
            id="coverage-reason"
            data-testid="coverage-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Why the unread part may go unreviewed"
            className="min-w-64 flex-1 rounded border border-amber-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-amber-800 dark:bg-zinc-900 dark:text-zinc-100"
          />
          <Button size="sm" variant="secondary" type="submit" data-testid="accept-gap" loading={accept.isPending}>
            Accept the gap
          </Button>
        </form>
      ) : null}
      {accept.error ? <ErrorText className="mt-1 text-xs">{errorMessage(accept.error)}</ErrorText> : null}
    </div>
  );
}
