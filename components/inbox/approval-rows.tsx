"use client";
import Link from "next/link";
import type { ApprovalView } from "@/lib/approvals/list-approvals";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { ModeBadge } from "@/components/rooms/mode-badge";
import { argsSummary, formatDateTime, pretty } from "@/components/rooms/format";
import { TierBadge } from "@/components/rooms/tier-badge";
import { ApprovalActions } from "./approval-actions";

const ROW = "space-y-2 px-5 py-4";

/** `showMode`: the room's mode now — right for what waits (it decides what an answer does), wrong for what was decided. */
function RoomLink({ slug, room, showMode = true }: Readonly<{ slug: string; room: ApprovalView["room"]; showMode?: boolean }>) {
  if (!room) return <span className="text-zinc-500 dark:text-zinc-400">no room</span>;
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <Link href={`/w/${slug}/rooms/${room.id}`} className="truncate font-medium text-indigo-700 hover:underline dark:text-indigo-300">
        {room.name}
      </Link>
      {showMode ? <ModeBadge profile={room.profile} /> : null}
    </span>
  );
}

function When({ iso, prefix }: Readonly<{ iso: string; prefix: string }>) {
  return (
    <span className="text-xs text-zinc-500 dark:text-zinc-400">
      {prefix} <time dateTime={iso}>{formatDateTime(iso)}</time>
    </span>
  );
}

/** G4: a running agent asks a person to confirm one call. */
export function AgentApprovalRow({ approval, slug, canWrite }: Readonly<{ approval: ApprovalView; slug: string; canWrite: boolean }>) {
  const call = approval.toolCall;
  const summary = call ? argsSummary(call.args, 140) : "";
  return (
    <li data-testid="approval-row" data-approval-id={approval.id} data-kind={approval.kind} className={ROW}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold tracking-wide text-amber-700 uppercase dark:text-amber-400">Agent approval</span>
        {call ? (
          <>
            <code className="font-mono text-sm font-semibold">{call.tool}</code>
            <TierBadge tier={call.tier} />
          </>
        ) : null}
        <span className="text-sm text-zinc-600 dark:text-zinc-400">in</span>
        <RoomLink slug={slug} room={approval.room} />
        <span className="ml-auto">
          <When iso={approval.createdAt} prefix="asked" />
        </span>
      </div>
      {summary ? (
        <p data-testid="approval-args" className="rounded bg-zinc-50 px-2 py-1 font-mono text-xs break-all text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
          {summary}
        </p>
      ) : null}
      {call && approval.summary.startsWith(`${call.tool} `) ? null : <p className="text-sm text-zinc-700 dark:text-zinc-300">{approval.summary}</p>}
      {call?.reason ? <p className="text-xs text-zinc-600 dark:text-zinc-400">Why it asks: {call.reason}</p> : null}
      {call ? (
        <details className="text-xs text-zinc-600 dark:text-zinc-400">
          <summary className="cursor-pointer select-none">
            All arguments{call.effects.length ? ` · effects: ${call.effects.join(", ")}` : ""}
          </summary>
          <pre className="mt-1 max-h-64 overflow-auto rounded border border-zinc-200 bg-zinc-50 p-2 font-mono whitespace-pre-wrap break-words text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
            {pretty(call.args)}
          </pre>
        </details>
      ) : null}
      {canWrite ? <ApprovalActions slug={slug} approvalId={approval.id} subject={`${call?.tool ?? "call"} ${summary}`.trim()} withComment /> : null}
    </li>
  );
}

/** P5/P6: the agent asks to leave plan mode; approving lets its next exit_plan_mode call switch the room to Agent. */
export function PlanExitRow({ approval, slug, canWrite }: Readonly<{ approval: ApprovalView; slug: string; canWrite: boolean }>) {
  return (
    <li data-testid="plan-exit-row" data-approval-id={approval.id} data-kind={approval.kind} className={ROW}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold tracking-wide text-amber-700 uppercase dark:text-amber-400">Leave plan mode</span>
        <span className="text-sm text-zinc-600 dark:text-zinc-400">in</span>
        <RoomLink slug={slug} room={approval.room} />
        <span className="ml-auto">
          <When iso={approval.createdAt} prefix="asked" />
        </span>
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{approval.summary}</p>
      {approval.plan ? (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Plan v{approval.plan.version}: {approval.plan.goal}
        </p>
      ) : null}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">Allowing it lets the agent&apos;s next request switch the room to Agent mode; staying keeps the room read-only.</p>
      {canWrite ? (
        <ApprovalActions slug={slug} approvalId={approval.id} subject="leave plan mode" approveLabel="Allow leaving Plan" denyLabel="Stay in Plan" withComment />
      ) : null}
    </li>
  );
}

/** G6, G8: a durable switch of a room's mode that widens it — an agent's change_mode or a policy edit — waits for a person. */
export function ModeSwitchRow({ approval, slug, canWrite }: Readonly<{ approval: ApprovalView; slug: string; canWrite: boolean }>) {
  return (
    <li data-testid="mode-switch-row" data-approval-id={approval.id} data-kind={approval.kind} className={ROW}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold tracking-wide text-amber-700 uppercase dark:text-amber-400">{approval.runId ? "Agent asks to switch mode" : "Mode policy changed"}</span>
        <span className="text-sm text-zinc-600 dark:text-zinc-400">in</span>
        <RoomLink slug={slug} room={approval.room} />
        <span className="ml-auto">
          <When iso={approval.createdAt} prefix="asked" />
        </span>
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{approval.summary}</p>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">Allowing it switches the room now; until then the room keeps the mode it has.</p>
      {canWrite ? <ApprovalActions slug={slug} approvalId={approval.id} subject={approval.summary} approveLabel="Allow the switch" denyLabel="Stay in this mode" withComment /> : null}
    </li>
  );
}

/** A submitted plan waiting for approval; it is decided in Plan Studio. */
export function PlanApprovalRow({ approval, slug }: Readonly<{ approval: ApprovalView; slug: string }>) {
  return (
    <li data-testid="plan-approval-row" data-approval-id={approval.id} data-kind={approval.kind} className={ROW}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold tracking-wide text-amber-700 uppercase dark:text-amber-400">Plan</span>
        <span className="text-sm text-zinc-600 dark:text-zinc-400">in</span>
        <RoomLink slug={slug} room={approval.room} />
        <span className="ml-auto">
          <When iso={approval.createdAt} prefix="submitted" />
        </span>
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{approval.plan ? `Plan v${approval.plan.version}: ${approval.plan.goal}` : approval.summary}</p>
      {approval.room && approval.plan ? (
        <Link
          href={`/w/${slug}/rooms/${approval.room.id}?tab=plan&plan=${encodeURIComponent(approval.plan.id)}`}
          className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Open in Plan Studio
        </Link>
      ) : null}
    </li>
  );
}

const KIND: Record<ApprovalView["kind"], string> = { tool_call: "Agent approval", plan_exit: "Leave plan mode", plan: "Plan", mode_change: "Switch mode", budget: "Budget reached" };
const STATUS: Record<ApprovalView["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "pending", tone: "amber" },
  approved: { label: "approved", tone: "green" },
  applied: { label: "approved · applied", tone: "green" },
  rejected: { label: "denied", tone: "red" },
  refused: { label: "refused (nobody could approve)", tone: "neutral" },
};

export function HistoryRow({ approval, slug }: Readonly<{ approval: ApprovalView; slug: string }>) {
  // G8: a mode switch is refused when a later policy edit replaced it or made it stale; the comment says which.
  const status = approval.status === "refused" && approval.kind === "mode_change" ? { label: "refused", tone: "neutral" as const } : STATUS[approval.status];
  const call = approval.toolCall;
  return (
    <li data-testid="approval-history-row" data-approval-id={approval.id} data-kind={approval.kind} data-status={approval.status} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3 text-sm">
      <span className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{KIND[approval.kind]}</span>
      {call ? <code className="font-mono text-xs font-semibold">{call.tool}</code> : null}
      <span className="min-w-0 flex-1 truncate text-zinc-700 dark:text-zinc-300" title={approval.summary}>
        {call ? argsSummary(call.args, 120) : approval.summary}
      </span>
      <RoomLink slug={slug} room={approval.room} showMode={false} />
      <Badge tone={status.tone}>{status.label}</Badge>
      {approval.decidedBy ? (
        <span data-testid="approval-decided-by" className="text-xs text-zinc-600 dark:text-zinc-400">
          by <span className="font-medium text-zinc-800 dark:text-zinc-200">{approval.decidedBy}</span>
        </span>
      ) : null}
      {approval.decidedAt ? <When iso={approval.decidedAt} prefix="" /> : null}
      {approval.comment ? <p className="w-full text-xs text-zinc-500 dark:text-zinc-400">Comment: {approval.comment}</p> : null}
    </li>
  );
}
