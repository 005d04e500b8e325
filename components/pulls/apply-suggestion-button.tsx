"use client";
/**
 * "Apply suggestion" on a finding with a suggested change: the person
 * confirms with a commit message (prefilled), and it is committed onto the
 * head branch as them, which makes a new head and a re-review (R8); the
 * finding it fixes is resolved by that commit.
 * Offered only where it can apply — an open pull request, a member, a live
 * finding whose anchor is at the current head; the server checks all of it
 * again and its refusal shows here.
 */
import { useMutationState } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { errorMessage } from "@/components/reviews/fetch-review";
import { shortSha } from "@/components/reviews/format";
import { useReview } from "@/components/reviews/review-context";
import { applySuggestionKey, useApplySuggestion, usePull } from "./pull-hooks";
import type { FindingView } from "./pull-types";

type Applied = { commit: string; roomsNotFollowed: string[] };

export function ApplySuggestionButton({ finding }: Readonly<{ finding: FindingView }>) {
  const { slug, pullId, canWrite } = useReview();
  const pull = usePull(slug, pullId).data?.pullRequest;
  const apply = useApplySuggestion(slug, pullId, finding.id);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState(`Apply suggestion: ${finding.title}`.slice(0, 200));
  const messageId = useId();
  // Read from the mutation cache, not this card's state: the new head redraws the findings (and may
  // close this one), and the person still needs to read what was committed.
  const applied = useMutationState({ filters: { mutationKey: applySuggestionKey(pullId, finding.id), status: "success" }, select: (m) => m.state.data as Applied });
  const last = applied.at(-1);
  const done = last
    ? `Committed ${shortSha(last.commit)}${pull ? ` to ${pull.headRef}` : ""} and resolved the finding; the new head is being re-reviewed.` +
      (last.roomsNotFollowed.length ? ` The worktree of ${last.roomsNotFollowed.join(", ")} changed meanwhile and still shows the old files.` : "")
    : null;
  const result = (
    <p role="status" data-testid="apply-suggestion-result" className="text-xs text-zinc-600 empty:hidden dark:text-zinc-400">
      {done ?? ""}
    </p>
  );
  const live = finding.status === "open" || finding.status === "consensusReady";
  if (!canWrite || !pull || pull.source === "github" || !finding.suggestion || !finding.anchor || !live) return done ? result : null;
  if (finding.outdated || (finding.anchor.sha && finding.anchor.sha !== pull.headSha)) {
    return done ? result : <p className="text-xs text-zinc-500 dark:text-zinc-400">The suggestion’s lines changed since; it can no longer be applied.</p>;
  }
  const headSha = pull.headSha;
  function submit(event: FormEvent) {
    event.preventDefault();
    apply.mutate({ headSha, message }, { onSuccess: () => setConfirming(false) });
  }
  return (
    <div className="space-y-1">
      {confirming ? (
        <form data-testid="apply-suggestion-form" onSubmit={submit} className="space-y-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
          <label htmlFor={messageId} className="block text-xs font-medium">
            Commit the suggestion onto <code className="font-mono">{pull.headRef}</code> as you, with the message
          </label>
          <textarea
            id={messageId}
            data-testid="apply-suggestion-message"
            required
            rows={2}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" data-testid="apply-suggestion-confirm" loading={apply.isPending} disabled={message.trim() === ""}>
              Commit suggestion
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button size="sm" variant="secondary" data-testid="apply-suggestion" onClick={() => setConfirming(true)}>
          Apply suggestion…
        </Button>
      )}
      {result}
      <ErrorText className="text-xs">{errorMessage(apply.error)}</ErrorText>
    </div>
  );
}
