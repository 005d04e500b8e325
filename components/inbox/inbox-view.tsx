"use client";
/**
 * The inbox: what waits for a person in this workspace, live. "Agent
 * approval" rows are per-call confirmations from running agents (G4);
 * "Leave plan mode" requests are a different thing — a gate on a room (P5,
 * P6) — and are listed apart. Decided ones follow as history.
 */
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import type { MyReviewRequest } from "@/lib/pulls/list-my-review-requests";
import { formatDateTime } from "@/components/rooms/format";
import type { ApprovalView } from "@/lib/approvals/list-approvals";
import { ConnectionStatus } from "@/components/live/connection-status";
import type { StreamEvent } from "@/lib/events/catalogue";
import { useEventStream } from "@/components/live/use-event-stream";
import { useSerialRefetch } from "@/components/live/use-serial-refetch";
import { roomKeys } from "@/components/rooms/keys";
import { RefetchError } from "@/components/ui/refetch-error";
import { Spinner } from "@/components/ui/spinner";
import { FilterBar } from "@/components/ui/filter-bar";
import { distinct, facet, matchesQuery } from "@/components/ui/list-filter";
import { workspaceApi } from "@/components/workspaces/keys";
import { useApprovals } from "./approval-hooks";
import { DecisionNoticeProvider } from "./decision-notice";
import { BudgetInboxRow } from "@/components/orchestration/budget-inbox-row";
import { AgentApprovalRow, HistoryRow, ModeSwitchRow, PlanApprovalRow, PlanExitRow } from "./approval-rows";
import { approvalKeys } from "./keys";
import type { PendingProposalView } from "@/lib/orchestration/list-pending-proposals";
import { ProposalInboxRow, proposalInboxKey, usePendingProposals } from "./proposal-rows";

export function InboxView({
  slug,
  initialApprovals,
  initialProposals,
  reviewRequests = [],
  lastEventId,
  canWrite,
}: Readonly<{ slug: string; initialApprovals: ApprovalView[]; initialProposals: PendingProposalView[]; reviewRequests?: MyReviewRequest[]; lastEventId: string; canWrite: boolean }>) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const approvals = useApprovals(slug, "all", initialApprovals);
  const refetch = useSerialRefetch(approvalKeys.list(slug, "all"));
  const onEvent = useCallback(
    (event: StreamEvent) => {
      if (event.type.startsWith("proposal.")) void queryClient.invalidateQueries({ queryKey: proposalInboxKey(slug) });
      // R3: the reviews asked of this person are server-rendered; a new or withdrawn request re-renders them.
      if (event.type === "pull.review_requested" || event.type === "pull.review_request_withdrawn" || event.type === "pull.state_changed") router.refresh();
      if (!event.type.startsWith("approval.") && event.type !== "run.finished" && event.type !== "plan.submitted") return;
      refetch();
      void queryClient.invalidateQueries({ queryKey: roomKeys.list(slug) });
    },
    [queryClient, refetch, slug, router],
  );
  const stream = useEventStream(`${workspaceApi(slug)}/events`, lastEventId, onEvent);

  const everything = approvals.data ?? [];
  const proposals = usePendingProposals(slug, initialProposals).data ?? [];
  const [query, setQuery] = useState("");
  const [room, setRoom] = useState("");
  const [tool, setTool] = useState("");
  const all = everything.filter(
    (a) => matchesQuery(query, [a.summary, a.room?.name, a.toolCall?.tool, a.plan?.goal, a.comment]) && facet(room, a.room?.name) && facet(tool, a.toolCall?.tool),
  );
  const waiting = everything.filter((a) => a.status === "pending").length;
  const rooms = useMemo(() => distinct(everything, (a) => a.room?.name), [everything]);
  const tools = useMemo(() => distinct(everything, (a) => a.toolCall?.tool), [everything]);
  const pending = all.filter((a) => a.status === "pending");
  const calls = pending.filter((a) => a.kind === "tool_call");
  const planExits = pending.filter((a) => a.kind === "plan_exit");
  const switches = pending.filter((a) => a.kind === "mode_change" && a.cancelBy === null);
  const plans = pending.filter((a) => a.kind === "plan");
  const budgets = pending.filter((a) => a.kind === "budget");
  const history = all.filter((a) => a.status !== "pending");

  return (
    <DecisionNoticeProvider>
    <div className="mx-auto max-w-4xl space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Inbox</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {waiting === 0 ? "Nothing waits for you." : `${waiting} ${waiting === 1 ? "decision waits" : "decisions wait"} for a person.`}
            {canWrite ? "" : " You are a viewer here: members decide."}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {approvals.isFetching ? <Spinner label="Refreshing the inbox" /> : null}
          <ConnectionStatus status={stream} />
        </div>
      </div>

      {everything.length > 0 ? (
        <FilterBar
          label="Search the inbox"
          query={query}
          onQuery={setQuery}
          shown={all.length}
          total={everything.length}
          facets={[
            { name: "room", label: "Room", value: room, onChange: setRoom, options: rooms.map((r) => ({ value: r, label: r })) },
            { name: "tool", label: "Tool", value: tool, onChange: setTool, options: tools.map((t) => ({ value: t, label: t })) },
          ]}
        />
      ) : null}

      {approvals.isError ? <RefetchError what="The inbox" error={approvals.error} onRetry={() => void approvals.refetch()} /> : null}

      {reviewRequests.length > 0 ? (
        <Section testId="review-requests" title="Reviews asked of you" description="Someone asked you to review these pull requests: confirm, dismiss or discuss their findings." count={reviewRequests.length} empty="">
          {reviewRequests.map((r) => (
            <li key={r.pullRequestId} data-testid="inbox-review-request" className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm">
              <span className="min-w-0">
                <Link href={`/w/${encodeURIComponent(slug)}/pulls/${r.pullRequestId}`} className="font-medium text-indigo-700 [overflow-wrap:anywhere] hover:underline dark:text-indigo-300">
                  #{r.number} {r.title}
                </Link>
                <span className="text-zinc-600 dark:text-zinc-400">
                  {" "}
                  · {r.repository} · asked by {r.requestedBy}
                </span>
              </span>
              <When iso={r.createdAt} />
            </li>
          ))}
        </Section>
      ) : null}

      <Section
        testId="agent-approvals"
        title="Agent approvals"
        description="A running agent asks to make one call; the run waits for your decision."
        count={calls.length}
        empty="No agent is waiting for a confirmation."
      >
        {calls.map((a) => (
          <AgentApprovalRow key={a.id} approval={a} slug={slug} canWrite={canWrite} />
        ))}
      </Section>

      <Section
        testId="plan-exit-requests"
        title="Leave plan mode requests"
        description="An agent in plan mode asks for the room to go back to Agent mode. Until someone allows it, the room stays read-only."
        count={planExits.length}
        empty="No agent asks to leave plan mode."
      >
        {planExits.map((a) => (
          <PlanExitRow key={a.id} approval={a} slug={slug} canWrite={canWrite} />
        ))}
      </Section>

      {switches.length > 0 ? (
        <Section
          testId="mode-switch-requests"
          title="Mode switches"
          description="A room's mode would widen — an agent asked for more, or the workspace's modes changed. Until someone allows it, the room keeps its mode."
          count={switches.length}
          empty=""
        >
          {switches.map((a) => (
            <ModeSwitchRow key={a.id} approval={a} slug={slug} canWrite={canWrite} />
          ))}
        </Section>
      ) : null}

      {plans.length > 0 ? (
        <Section testId="plan-approvals" title="Plans" description="Submitted plans are approved in Plan Studio." count={plans.length} empty="">
          {plans.map((a) => (
            <PlanApprovalRow key={a.id} approval={a} slug={slug} />
          ))}
        </Section>
      ) : null}

      {proposals.length > 0 ? (
        <Section
          testId="proposal-approvals"
          title="Orchestration proposals"
          description="An agent proposes a team and a ticket tree; people approve it in the room's Plan Studio, and nothing runs until then."
          count={proposals.length}
          empty=""
        >
          {proposals.map((p) => (
            <ProposalInboxRow key={p.id} slug={slug} proposal={p} />
          ))}
        </Section>
      ) : null}

      {budgets.length > 0 ? (
        <Section testId="budget-items" title="Budgets" description="A pipeline reached its project's budget and is paused until someone raises it or cancels it." count={budgets.length} empty="">
          {budgets.map((a) => (
            <BudgetInboxRow key={a.id} approval={a} slug={slug} />
          ))}
        </Section>
      ) : null}

      <Section testId="approval-history" title="Decided" description="The most recent decisions, newest first." count={history.length} empty="Nothing has been decided yet.">
        {history.map((a) => (
          <HistoryRow key={a.id} approval={a} slug={slug} />
        ))}
      </Section>
    </div>
    </DecisionNoticeProvider>
  );
}

function Section({
  testId,
  title,
  description,
  count,
  empty,
  children,
}: Readonly<{ testId: string; title: string; description: string; count: number; empty: string; children: ReactNode }>) {
  return (
    <section data-testid={testId} aria-labelledby={`${testId}-title`} className="space-y-2">
      <div>
        <h2 id={`${testId}-title`} className="text-base font-semibold">
          {title} <span className="text-sm font-normal text-zinc-500 dark:text-zinc-400">({count})</span>
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      </div>
      {count === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 px-5 py-4 text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">{empty}</p>
      ) : (
        <ul className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {children}
        </ul>
      )}
    </section>
  );
}

function When({ iso }: Readonly<{ iso: string }>) {
  return (
    <time dateTime={iso} className="text-xs text-zinc-600 dark:text-zinc-400">
      {formatDateTime(iso)}
    </time>
  );
}
