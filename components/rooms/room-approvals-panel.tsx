"use client";
/**
 * What waits for a person in this room. P6: a "Leave plan mode" request
 * (plan_exit) is a gate on the room, not a per-call confirmation, so it is
 * shown here with its own wording; per-call confirmations also sit on their
 * tool-call row in the conversation.
 */
import Link from "next/link";
import { ApprovalActions } from "@/components/inbox/approval-actions";
import type { RoomApproval } from "./room-types";

export function RoomApprovalsPanel({ approvals, slug, canWrite }: Readonly<{ approvals: RoomApproval[]; slug: string; canWrite: boolean }>) {
  if (approvals.length === 0) return null;
  const planExits = approvals.filter((a) => a.kind === "plan_exit");
  const calls = approvals.filter((a) => a.kind === "tool_call");
  const plans = approvals.filter((a) => a.kind === "plan");
  const switches = approvals.filter((a) => a.kind === "mode_change");
  return (
    <section
      data-testid="room-approvals"
      aria-labelledby="room-approvals-title"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h2 id="room-approvals-title" className="text-sm font-semibold text-amber-950 dark:text-amber-100">
        Waiting for a person ({approvals.length})
      </h2>
      <ul className="mt-2 space-y-3 text-sm">
        {planExits.map((a) => (
          <li key={a.id} data-testid="plan-exit-request" className="space-y-1.5">
            <p className="font-medium text-amber-950 dark:text-amber-100">Leave plan mode</p>
            <p className="text-xs text-amber-900 dark:text-amber-200">{a.summary}</p>
            {canWrite ? (
              <ApprovalActions slug={slug} approvalId={a.id} subject="leave plan mode" approveLabel="Allow leaving Plan" denyLabel="Stay in Plan" withComment />
            ) : null}
          </li>
        ))}
        {calls.length > 0 ? (
          <li className="text-xs text-amber-900 dark:text-amber-200">
            {calls.length === 1 ? "One tool call waits" : `${calls.length} tool calls wait`} for approval on its row in the conversation:
            <ul className="mt-1 space-y-0.5">
              {calls.map((a) => (
                <li key={a.id} className="truncate font-mono" title={a.summary}>
                  {a.summary}
                </li>
              ))}
            </ul>
          </li>
        ) : null}
        {switches.length > 0 ? (
          <li className="text-xs text-amber-900 dark:text-amber-200">
            {switches.length === 1 ? "A mode switch request waits" : `${switches.length} mode switch requests wait`} in the bar above the composer.
          </li>
        ) : null}
        {plans.map((a) => (
          <li key={a.id} className="text-xs text-amber-900 dark:text-amber-200">
            A plan waits for approval: {a.summary}.{" "}
            <Link href="?tab=plan" scroll={false} className="font-medium underline underline-offset-2 hover:no-underline">
              Open in Plan Studio
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
