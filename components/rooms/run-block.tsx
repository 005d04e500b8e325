"use client";
/**
 * One run in the conversation: the person's message that asked for it, a
 * header with its status and totals (turns, tool calls, time; and, for
 * plan-mode runs, how it ended, A4), then the assistant's text and tool calls
 * in the order they happened, the text still streaming, and a failure if any.
 * A finished run further up can start collapsed to its totals and words; its
 * tool calls open with one click.
 */
import { PLAN_OUTCOME_LABELS, type PlanOutcome } from "@/lib/plans/outcome";
import { changeKind } from "@/lib/runs/change-kind";
import { ChangesLink } from "@/components/runs/changes-link";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { Spinner } from "@/components/ui/spinner";
import { formatDuration } from "./format";
import type { LiveRunText } from "./live-text";
import { MessageText } from "./message-text";
import { ModeBadge } from "./mode-badge";
import { MessageEntry } from "./message-entry";
import { PlanRow, ProposalRow } from "./plan-row";
import { metaOf, type RoomMessage, type RoomRun, type RoomToolCall } from "./room-types";
import { RUN_STATUS } from "./run-status";
import { ToolCallRow } from "./tool-call-row";
import { nestedFor, tokensLabel } from "./subagent-block";
import type { LiveTexts } from "./live-text";


function isPlanOutcome(value: string | null): value is PlanOutcome {
  return value !== null && value in PLAN_OUTCOME_LABELS;
}

type Item = { at: string; kind: "message"; message: RoomMessage } | { at: string; kind: "call"; call: RoomToolCall };

export function RunBlock({
  run,
  trigger = null,
  messages,
  live,
  agentName,
  slug,
  roomId,
  canWrite,
  highlight = null,
  collapsed = false,
  onToggleCollapsed,
  openCalls,
  onToggleCall,
  liveAll,
}: Readonly<{
  run: RoomRun;
  /** the person's message that asked for this run */
  trigger?: RoomMessage | null;
  messages: RoomMessage[];
  live: LiveRunText | undefined;
  agentName: string;
  slug: string;
  roomId: string;
  canWrite: boolean;
  /** a message or tool call of this run a link pointed at */
  highlight?: string | null;
  /** show the totals and the words, with the tool calls behind a button */
  collapsed?: boolean;
  onToggleCollapsed?: () => void;
  /** which tool calls are opened (kept by the conversation, since rows unmount as they scroll away) */
  openCalls?: ReadonlySet<string>;
  onToggleCall?: (toolCallId: string) => void;
  /** streamed text of every run in the room, for the sub-agents shown inside this one (A6) */
  liveAll?: LiveTexts;
}>) {
  const status = RUN_STATUS[run.status];
  const active = run.status === "queued" || run.status === "running" || run.status === "waiting";
  const items: Item[] = [
    ...messages.map((message) => ({ at: message.createdAt, kind: "message" as const, message })),
    ...run.toolCalls.map((call) => ({ at: call.createdAt, kind: "call" as const, call })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  // Live turns the snapshot does not hold yet (or ever, for text that is only streamed).
  const stored = new Set(messages.map((m) => m.content.trim()));
  const turns = (live?.turns ?? []).filter((t) => !stored.has(t.text.trim()));
  const streaming = active ? (live?.streaming ?? "") : "";
  const duration = run.finishedAt ? formatDuration(Date.parse(run.finishedAt) - Date.parse(run.startedAt ?? run.createdAt)) : null;
  const calls = run.toolCalls.length;
  const hideCalls = collapsed && calls > 0;
  const changes = changeKind(run.toolCalls);

  const turnText = (key: string, text: string, messageId?: string) => (
    <div
      key={key}
      id={messageId ? `m-${messageId}` : undefined}
      data-testid="assistant-message"
      data-highlighted={(messageId && highlight === messageId) || undefined}
      className={cx("text-zinc-900 dark:text-zinc-100", messageId && highlight === messageId && "rounded-md bg-amber-50 ring-2 ring-amber-400 dark:bg-amber-950/40")}
    >
      <MessageText text={text} />
    </div>
  );

  return (
    <div data-testid="run" data-run-id={run.id} data-status={run.status} className="space-y-6">
      {trigger ? <MessageEntry message={trigger} agentName={agentName} highlighted={highlight === trigger.id} /> : null}
      <article aria-label={`${agentName}'s run, ${status.label.toLowerCase()}`} className="space-y-2 border-l-2 border-zinc-200 pl-4 dark:border-zinc-800">
        <header className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          <span aria-hidden="true" className="grid size-6 place-items-center rounded-full bg-zinc-900 text-[11px] font-semibold text-white dark:bg-zinc-100 dark:text-zinc-900">
            {agentName.slice(0, 1).toUpperCase()}
          </span>
          <span className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{agentName}</span>
          <span data-testid="run-status" data-status={run.status}>
            <Badge tone={status.tone}>
              {run.status === "running" ? <Spinner className="mr-1" /> : null}
              {status.label}
            </Badge>
          </span>
          {run.modeView ? <ModeBadge profile={run.modeView} /> : null}
          {run.modeView?.planGate && isPlanOutcome(run.outcome) ? (
            <span data-testid="run-outcome" data-outcome={run.outcome}>
              <Badge tone={run.outcome === "plan_approved" ? "green" : run.outcome === "narrated_plan" ? "red" : "amber"}>
                {PLAN_OUTCOME_LABELS[run.outcome]}
              </Badge>
            </span>
          ) : null}
          <span data-testid="run-totals" className="ml-auto">
            {run.steps > 0 ? `${run.steps} ${run.steps === 1 ? "turn" : "turns"}` : null}
            {calls > 0 ? ` · ${calls} ${calls === 1 ? "tool call" : "tool calls"}` : null}
            {duration ? ` · ${duration}` : null}
            {tokensLabel(run) ? ` · ${tokensLabel(run)}` : null}
          </span>
          {!active && changes !== "none" ? <ChangesLink slug={slug} runId={run.id} kind={changes} succeeded={run.status === "succeeded"} /> : null}
          {calls > 0 && !active && onToggleCollapsed ? (
            <button
              type="button"
              data-testid="run-toggle"
              aria-expanded={!collapsed}
              onClick={onToggleCollapsed}
              className="rounded px-1.5 py-0.5 font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
            >
              {collapsed ? `Show ${calls === 1 ? "the tool call" : `the ${calls} tool calls`}` : "Hide tool calls"}
            </button>
          ) : null}
        </header>

        <ol className="space-y-2" aria-label="What the agent did">
          {items.map((item) => {
            if (item.kind === "call") {
              if (hideCalls) return null;
              const before = turns.filter((t) => t.beforeCallId === item.call.callId);
              return [
                ...before.map((t, i) => <li key={`turn-${item.call.callId}-${i}`}>{turnText("t", t.text)}</li>),
                <ToolCallRow
                  key={item.call.callId}
                  call={item.call} runId={run.id} slug={slug} roomId={roomId} canWrite={canWrite} highlighted={highlight === item.call.id}
                  open={openCalls?.has(item.call.id)}
                  onToggle={onToggleCall ? () => onToggleCall(item.call.id) : undefined}
                  nested={nestedFor({ run }, item.call.callId, { live: liveAll, slug, roomId, canWrite, highlight })}
                />,
              ];
            }
            const meta = metaOf(item.message);
            return (
              <li key={item.message.id}>
                {meta?.kind === "plan" ? (
                  <PlanRow meta={meta} goal={item.message.content} />
                ) : meta?.kind === "proposal" ? (
                  <ProposalRow text={item.message.content} />
                ) : (
                  turnText("m", item.message.content, item.message.id)
                )}
              </li>
            );
          })}
          {turns
            .filter((t) => t.beforeCallId === null || !run.toolCalls.some((c) => c.callId === t.beforeCallId))
            .map((t, i) => (
              <li key={`turn-end-${i}`}>{turnText("t", t.text)}</li>
            ))}
          {streaming ? (
            <li data-testid="streaming-text" aria-busy="true" className="text-zinc-900 dark:text-zinc-100">
              <MessageText
                text={streaming}
                trailing={<span aria-hidden="true" className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-zinc-400 align-text-bottom motion-reduce:animate-none" />}
              />
            </li>
          ) : null}
        </ol>

        {active && !streaming && run.status !== "waiting" ? (
          <p className="flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
            <Spinner /> {run.status === "queued" ? "Waiting for a worker to pick this run up…" : "Thinking…"}
          </p>
        ) : null}
        {run.status === "waiting" ? (
          <p className={cx("text-xs text-amber-800 dark:text-amber-300")}>The run is paused until a person decides or answers above.</p>
        ) : null}
        {run.error ? (
          <p data-testid="run-error" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/60 dark:text-red-300">
            {run.error}
          </p>
        ) : null}
      </article>
    </div>
  );
}
