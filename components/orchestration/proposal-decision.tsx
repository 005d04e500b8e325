"use client";
/**
 * O2, O3, O8: a person approves a pending proposal, or rejects it with a
 * comment the agent reads on its next turn. Only here, in the app with a
 * session: no agent tool and no MCP tool decides a proposal.
 */
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { ApiError } from "@/components/ui/fetch-json";
import { useApproveProposal } from "@/components/plans/plan-hooks";
import { useRejectProposal } from "./orchestration-hooks";

export function ProposalDecision({ slug, roomId, proposalId }: Readonly<{ slug: string; roomId: string; proposalId: string }>) {
  const approve = useApproveProposal(slug, roomId);
  const reject = useRejectProposal(slug, roomId);
  const [comment, setComment] = useState("");
  const commentId = useId();
  const busy = approve.isPending || reject.isPending;
  const failure = approve.error ?? reject.error;
  const error = failure instanceof ApiError ? failure.message : failure ? "The decision could not be sent; try again." : null;
  return (
    <form data-testid="proposal-decision" className="space-y-2" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={commentId} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
        Comment for the agent (sent with a rejection)
      </label>
      <textarea
        id={commentId}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={2000}
        rows={2}
        disabled={busy}
        placeholder="What to change in the next proposal"
        className="block w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <div className="flex flex-wrap gap-2">
        <Button data-testid="approve-proposal" size="sm" disabled={busy} loading={approve.isPending} onClick={() => approve.mutate(proposalId)}>
          Approve proposal
        </Button>
        <Button
          data-testid="reject-proposal"
          size="sm"
          variant="secondary"
          disabled={busy}
          loading={reject.isPending}
          onClick={() => reject.mutate({ proposalId, ...(comment.trim() ? { comment: comment.trim() } : {}) })}
        >
          Reject
        </Button>
      </div>
      <ErrorText>{error}</ErrorText>
    </form>
  );
}
