"use client";
/**
 * "Apply suggestion" on a finding with a suggested change: commits it onto
 * the head branch as the person, which makes a new head and a re-review (R8).
 * Offered only where it can apply — an open pull request, a member, a live
 * finding whose anchor is at the current head; the server checks all of it
 * again and its refusal shows here.
 */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { errorMessage } from "@/components/reviews/fetch-review";
import { shortSha } from "@/components/reviews/format";
import { useReview } from "@/components/reviews/review-context";
import { useApplySuggestion, usePull } from "./pull-hooks";
import type { FindingView } from "./pull-types";

export function ApplySuggestionButton({ finding }: Readonly<{ finding: FindingView }>) {
  const { slug, pullId, canWrite } = useReview();
  const pull = usePull(slug, pullId).data?.pullRequest;
  const apply = useApplySuggestion(slug, pullId, finding.id);
  const [done, setDone] = useState<string | null>(null);
  const live = finding.status === "open" || finding.status === "consensusReady";
  if (!canWrite || !pull || pull.source === "github" || !finding.suggestion || !finding.anchor || !live) return null;
  if (finding.outdated || (finding.anchor.sha && finding.anchor.sha !== pull.headSha)) {
    return <p className="text-xs text-zinc-500 dark:text-zinc-400">The suggestion’s lines changed since; it can no longer be applied.</p>;
  }
  return (
    <div className="space-y-1">
      <Button
        size="sm"
        variant="secondary"
        data-testid="apply-suggestion"
        loading={apply.isPending}
        onClick={() => {
          setDone(null);
          apply.mutate(pull.headSha, {
            onSuccess: (applied) =>
              setDone(
                `Committed ${shortSha(applied.commit)} to ${pull.headRef}; the new head is being re-reviewed.` +
                  (applied.roomsNotFollowed.length ? ` The worktree of ${applied.roomsNotFollowed.join(", ")} changed meanwhile and still shows the old files.` : ""),
              ),
          });
        }}
      >
        Apply suggestion
      </Button>
      <p role="status" data-testid="apply-suggestion-result" className="text-xs text-zinc-600 empty:hidden dark:text-zinc-400">
        {done ?? ""}
      </p>
      <ErrorText className="text-xs">{errorMessage(apply.error)}</ErrorText>
    </div>
  );
}
