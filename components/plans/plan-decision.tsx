"use client";
/**
 * P3: approve or reject the plan with an optional comment. Only the latest
 * submitted version is decidable; viewers see the buttons disabled with why;
 * a 409 (someone else decided first, or a newer version arrived) is shown as
 * the server words it, and the studio refreshes to what actually happened.
 */
import { useId, useState } from "react";
import type { PlanDetail } from "@/lib/plans/get-plan";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { ApiError } from "@/components/ui/fetch-json";
import { formatDateTime } from "@/components/rooms/format";
import { useDecidePlan } from "./plan-hooks";

export function PlanDecision({ slug, detail, canWrite, onOpen }: Readonly<{ slug: string; detail: PlanDetail; canWrite: boolean; onOpen: (planId: string) => void }>) {
  const { plan, decision, latest } = detail;
  const decide = useDecidePlan(slug, plan.roomId, plan.id);
  const [comment, setComment] = useState("");
  const commentId = useId();
  const hintId = useId();

  if (decision) {
    return (
      <p data-testid="plan-decision" data-status={decision.status} className={decision.status === "approved" ? "text-sm text-emerald-800 dark:text-emerald-300" : "text-sm text-red-800 dark:text-red-300"}>
        {decision.status === "approved" ? "Approved" : "Rejected"} by {decision.by?.name ?? "someone"}
        {decision.at ? ` on ${formatDateTime(decision.at)}` : ""}
        {decision.comment ? `: “${decision.comment}”` : "."}
        {decision.status === "rejected" ? " The agent may submit a revised version." : null}
      </p>
    );
  }
  if (plan.status === "superseded" || latest.id !== plan.id) {
    return (
      <p data-testid="plan-decision" data-status="superseded" className="text-sm text-zinc-600 dark:text-zinc-400">
        Superseded by v{latest.version}.{" "}
        <button type="button" onClick={() => onOpen(latest.id)} className="font-medium text-indigo-700 underline dark:text-indigo-300">
          Open the latest version
        </button>
      </p>
    );
  }

  const error = decide.error instanceof ApiError ? decide.error.message : decide.error ? "The decision could not be sent; try again." : null;
  const run = (decision: "approve" | "reject") => decide.mutate({ decision, ...(comment.trim() ? { comment: comment.trim() } : {}) });
  return (
    <form data-testid="plan-decision" data-status="pending" className="space-y-2" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={commentId} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
        Comment (optional)
      </label>
      <textarea
        id={commentId}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={2000}
        rows={2}
        disabled={!canWrite || decide.isPending}
        aria-describedby={hintId}
        placeholder={canWrite ? "What to change, or why it is good to go" : undefined}
        className="block w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
        {canWrite
          ? "Approving turns every step into a ticket that runs in dependency order as Agent-mode work, and switches this room back to Agent mode."
          : "You are a viewer here: members decide plans."}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button data-testid="approve-plan" disabled={!canWrite} loading={decide.isPending && decide.variables?.decision === "approve"} onClick={() => run("approve")}>
          Approve plan v{plan.version}
        </Button>
        <Button data-testid="reject-plan" variant="secondary" disabled={!canWrite || decide.isPending} onClick={() => run("reject")}>
          Reject
        </Button>
      </div>
      <ErrorText>{error}</ErrorText>
    </form>
  );
}
