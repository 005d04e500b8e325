"use client";
/**
 * One tool call of a run: what was called, its tier, and the decision in
 * plain words — allowed, refused and why, or waiting for a person (with the
 * Approve/Deny buttons right here). The row carries previews only; the whole
 * arguments and result load from the server when a person opens it.
 */
import { useId, useState, type ReactNode } from "react";
import { ApprovalActions } from "@/components/inbox/approval-actions";
import { cx } from "@/components/ui/cx";
import { Spinner } from "@/components/ui/spinner";
import { QuestionBox } from "./question-box";
import { AlertIcon, BlockedIcon, CheckIcon, PauseIcon, QuestionIcon } from "./icons";
import { argsSummary, formatDuration, pretty } from "./format";
import { useToolCallDetail } from "./history-hooks";
import type { RoomToolCall } from "./room-types";
import { builtInView } from "./mode-meta";
import { TierBadge } from "./tier-badge";
import { RuleText } from "@/components/ui/rule-ref";

type Look = "allowed" | "refused" | "waiting" | "running" | "error" | "question";

interface Verdict {
  look: Look;
  /** the decision, in words */
  decision: string;
  /** the reason or message to show under the row */
  detail: string | null;
}

function verdictOf(call: RoomToolCall): Verdict {
  const approval = call.approval?.status;
  if (call.tool === "ask_user" && call.status === "waiting") return { look: "question", decision: "asking you", detail: null };
  if (approval === "rejected") {
    return { look: "refused", decision: "denied by a person", detail: call.approval?.comment ? `Comment: ${call.approval.comment}` : call.reason };
  }
  if (call.decision === "deny") return { look: "refused", decision: "refused", detail: call.reason ?? null };
  if (call.status === "refused") {
    // Refused after the guard let it through (e.g. G4: nobody who could approve was connected): the result says why.
    return { look: "refused", decision: "refused", detail: call.note ?? call.reason };
  }
  if (call.decision === "confirm" && (approval === "pending" || (!approval && call.status === "waiting"))) {
    return { look: "waiting", decision: "waiting for approval", detail: call.reason };
  }
  if (call.status === "error") return { look: "error", decision: "failed", detail: call.note };
  if (call.status === "pending" || call.status === "executing") {
    return { look: "running", decision: approval === "approved" ? "approved · running" : "allowed · running", detail: null };
  }
  if (call.tool === "ask_user" && call.status === "executed") return { look: "allowed", decision: "answered", detail: null };
  return { look: "allowed", decision: approval === "approved" ? "approved by a person" : "allowed", detail: null };
}

const LOOK: Record<Look, { icon: ReactNode; decision: string; row: string }> = {
  allowed: { icon: <CheckIcon />, decision: "text-emerald-700 dark:text-emerald-400", row: "" },
  refused: { icon: <BlockedIcon />, decision: "text-red-700 dark:text-red-400", row: "bg-red-50/60 dark:bg-red-950/30" },
  waiting: { icon: <PauseIcon />, decision: "text-amber-800 dark:text-amber-300", row: "bg-amber-50/70 dark:bg-amber-950/30" },
  running: { icon: <Spinner />, decision: "text-zinc-600 dark:text-zinc-400", row: "" },
  error: { icon: <AlertIcon />, decision: "text-red-700 dark:text-red-400", row: "bg-red-50/60 dark:bg-red-950/30" },
  question: { icon: <QuestionIcon />, decision: "text-indigo-700 dark:text-indigo-300", row: "bg-indigo-50/60 dark:bg-indigo-950/30" },
};

const STATUS_WORD: Record<string, string> = {
  pending: "queued",
  waiting: "waiting",
  executing: "running",
  executed: "done",
  refused: "not run",
  error: "error",
};

/** Past this, the details show the start and say how much more there is (a browser draws huge <pre>s slowly). */
const SHOWN_CHARS = 200_000;

function shown(value: unknown): string {
  const text = pretty(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}\n… ${(text.length - SHOWN_CHARS).toLocaleString()} more characters` : text;
}

export function ToolCallRow({
  call,
  runId,
  slug,
  roomId,
  canWrite,
  highlighted = false,
  open: openProp,
  onToggle,
  nested,
}: Readonly<{
  call: RoomToolCall;
  runId: string;
  slug: string;
  roomId: string;
  canWrite: boolean;
  highlighted?: boolean;
  /** controlled by the conversation, which keeps it while the row scrolls away and back */
  open?: boolean;
  onToggle?: () => void;
  /** A6: what the call started, shown inside its row (a delegate call's sub-agent) */
  nested?: ReactNode;
}>) {
  const [openHere, setOpenHere] = useState(false);
  const open = openProp ?? openHere;
  const detail = useToolCallDetail(slug, roomId, call.id, open);
  const detailsId = useId();
  const verdict = verdictOf(call);
  const look = LOOK[verdict.look];
  const summary = call.tool === "ask_user" ? "" : argsSummary(call.args);
  const duration = formatDuration(call.durationMs);
  const question = call.tool === "ask_user" ? call.question : null;
  const answer = call.tool === "ask_user" ? call.answer : null;

  return (
    <li
      data-testid="tool-call-row"
      data-tool={call.tool}
      data-decision={call.decision}
      data-status={call.status}
      data-verdict={verdict.look}
      data-highlighted={highlighted || undefined}
      className={cx("rounded-md border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800", look.row, highlighted && "ring-2 ring-amber-400 dark:ring-amber-500")}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span aria-hidden="true" className={cx("inline-flex w-4 justify-center font-semibold", look.decision)}>
          {look.icon}
        </span>
        <code className="font-mono text-[13px] font-semibold">{call.tool}</code>
        <TierBadge tier={call.tier} />
        <span data-testid="tool-call-decision" className={cx("text-xs font-medium", look.decision)}>
          {verdict.decision}
        </span>
        <span className="w-0 min-w-24 flex-1 truncate font-mono text-xs text-zinc-500 dark:text-zinc-400" title={summary || undefined}>
          {summary}
        </span>
        <span className="ml-auto flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <span>
            <span className="sr-only">status: </span>
            {STATUS_WORD[call.status] ?? call.status}
          </span>
          {duration ? <span>· {duration}</span> : null}
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => (onToggle ? onToggle() : setOpenHere((v) => !v))}
            className="rounded px-1.5 py-0.5 font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
          >
            {open ? "Hide details" : "Details"}
            <span className="sr-only"> of the {call.tool} call</span>
          </button>
        </span>
      </div>

      {verdict.detail ? (
        <p data-testid="tool-call-reason" className={cx("mt-1 pl-6 text-xs", verdict.look === "waiting" ? "text-amber-900 dark:text-amber-200" : "text-zinc-700 dark:text-zinc-300")}>
          {verdict.look === "refused" ? <span className="font-medium">Why: </span> : null}
          <RuleText text={verdict.detail} />
        </p>
      ) : null}

      {verdict.look === "waiting" && call.approval?.status === "pending" ? (
        <div className="mt-2 pl-6">
          {canWrite ? (
            <ApprovalActions slug={slug} approvalId={call.approval.id} subject={`${call.tool} ${summary}`.trim()} />
          ) : (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">A member of this workspace can approve or deny it; viewers cannot.</p>
          )}
        </div>
      ) : null}

      {question ? (
        <div className="mt-2 pl-6">
          <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{question}</p>
          {verdict.look === "question" ? (
            canWrite ? (
              <QuestionBox slug={slug} roomId={roomId} runId={runId} callId={call.callId} question={question} />
            ) : (
              <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">The agent waits for a member to answer.</p>
            )
          ) : answer ? (
            <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
              <span className="font-medium">Answer: </span>
              {answer}
            </p>
          ) : null}
        </div>
      ) : null}

      {open ? (
        <div id={detailsId} data-testid="tool-call-details" aria-busy={detail.isPending || undefined} className="mt-2 grid gap-2 pl-6 md:grid-cols-2">
          {detail.isError ? (
            <p role="alert" className="flex items-center gap-2 text-xs text-red-700 md:col-span-2 dark:text-red-300">
              The details could not be loaded.
              <button type="button" onClick={() => void detail.refetch()} className="font-medium underline">
                Retry
              </button>
            </p>
          ) : null}
          <div className="min-w-0">
            <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">Arguments</p>
            <pre className="max-h-64 overflow-auto rounded border border-zinc-200 bg-zinc-50 p-2 font-mono text-xs whitespace-pre-wrap break-words dark:border-zinc-800 dark:bg-zinc-950">
              {detail.data ? shown(detail.data.args) : pretty(call.args)}
            </pre>
          </div>
          <div className="min-w-0">
            <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">Result</p>
            <pre className="max-h-64 overflow-auto rounded border border-zinc-200 bg-zinc-50 p-2 font-mono text-xs whitespace-pre-wrap break-words dark:border-zinc-800 dark:bg-zinc-950">
              {detail.data
                ? detail.data.result === null || detail.data.result === undefined
                  ? "(no result yet)"
                  : shown(detail.data.result)
                : detail.isPending
                  ? "Loading…"
                  : (call.resultPreview ?? "(no result yet)")}
            </pre>
          </div>
          <p className="text-xs text-zinc-500 md:col-span-2 dark:text-zinc-400">
            Effects: {call.effects.length ? call.effects.join(", ") : "none"} · decided in {builtInView(call.mode).label} mode
            {call.reason && verdict.look === "allowed" ? ` · ${call.reason}` : ""}
          </p>
        </div>
      ) : null}
      {nested}
    </li>
  );
}
