"use client";
/**
 * Approve / Deny for one approval, with an optional comment. Each row owns its
 * mutation, so deciding one row never disables another. When someone else
 * decided first the server answers 409; its message is shown as it is.
 */
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { ApiError } from "@/components/ui/fetch-json";
import { useDecideApproval } from "./approval-hooks";
import { useDecisionNotice } from "./decision-notice";

export function ApprovalActions({
  slug,
  approvalId,
  subject,
  withComment = false,
  approveLabel = "Approve",
  denyLabel = "Deny",
}: Readonly<{ slug: string; approvalId: string; subject: string; withComment?: boolean; approveLabel?: string; denyLabel?: string }>) {
  const notify = useDecisionNotice();
  const decide = useDecideApproval(slug, {
    onSuccess: (result) => notify({ text: `${result.approval.status === "approved" ? "Approved" : "Denied"} — ${subject}.`, error: false }),
    onError: (failure) => notify({ text: failure instanceof ApiError ? failure.message : "The decision could not be sent. Try again.", error: true }),
  });
  const commentId = useId();
  const [comment, setComment] = useState("");
  const [commenting, setCommenting] = useState(false);
  const pending = decide.isPending ? decide.variables?.decision : null;
  const error =
    decide.error instanceof ApiError ? decide.error.message : decide.error ? "The decision could not be sent. Check your connection and try again." : null;

  function send(decision: "approve" | "reject") {
    decide.mutate({ approvalId, decision, comment: comment.trim() || undefined });
  }

  return (
    <div className="space-y-2">
      {withComment && commenting ? (
        <div className="space-y-1">
          <label htmlFor={commentId} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
            Comment for the agent (optional)
          </label>
          <textarea
            id={commentId}
            data-testid="approval-comment"
            rows={2}
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            className="block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs dark:border-zinc-700 dark:bg-zinc-900"
          />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          data-testid="approve-button"
          aria-label={`${approveLabel}: ${subject}`}
          loading={pending === "approve"}
          disabled={decide.isPending || decide.isSuccess}
          onClick={() => send("approve")}
        >
          {approveLabel}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          data-testid="deny-button"
          aria-label={`${denyLabel}: ${subject}`}
          loading={pending === "reject"}
          disabled={decide.isPending || decide.isSuccess}
          onClick={() => send("reject")}
        >
          {denyLabel}
        </Button>
        {withComment && !commenting ? (
          <Button size="sm" variant="ghost" onClick={() => setCommenting(true)} aria-label={`Add a comment to the decision on ${subject}`}>
            Add comment
          </Button>
        ) : null}
        {decide.isSuccess ? (
          <span role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
            {decide.data.approval.status === "approved" ? "Approved." : "Denied."}
          </span>
        ) : null}
      </div>
      <ErrorText>{error}</ErrorText>
    </div>
  );
}
