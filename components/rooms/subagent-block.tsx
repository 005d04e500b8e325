"use client";
/**
 * A6: the sub-agent a delegate call started, inside that call's row. Collapsed
 * by default to one line — which agent, its status, tool calls, time and
 * tokens — that stays live while the child runs (the room's events refresh
 * the history it comes from, and its streamed text shows as it arrives).
 * Opened, it shows the child's words and its tool calls with tier and
 * decision, and its own sub-agents the same way.
 */
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { formatDuration } from "./format";
import type { LiveTexts } from "./live-text";
import { MessageText } from "./message-text";
import type { RoomMessage, RoomRun } from "./room-types";
import { RUN_STATUS } from "./run-status";
import { ToolCallRow } from "./tool-call-row";

export interface SubagentView {
  run: RoomRun;
  messages: RoomMessage[];
}


/** Whether a link points at something inside this sub-agent (then it starts open). */
function holds(view: SubagentView, id: string | null): boolean {
  if (!id) return false;
  return view.messages.some((m) => m.id === id) || view.run.toolCalls.some((c) => c.id === id) || view.run.subagents.some((s) => holds(s, id));
}

export function tokensLabel(run: Pick<RoomRun, "inputTokens" | "outputTokens">): string | null {
  const total = run.inputTokens + run.outputTokens;
  return total > 0 ? `${total.toLocaleString()} tokens` : null;
}

export function SubagentBlock({
  view,
  live,
  slug,
  roomId,
  canWrite,
  highlight = null,
}: Readonly<{
  view: SubagentView;
  /** streamed text of every run in the room, by run id */
  live: LiveTexts | undefined;
  slug: string;
  roomId: string;
  canWrite: boolean;
  highlight?: string | null;
}>) {
  const { run, messages } = view;
  const [open, setOpen] = useState(() => holds(view, highlight));
  const bodyId = useId();
  const status = RUN_STATUS[run.status];
  const active = run.status === "queued" || run.status === "running" || run.status === "waiting";
  const calls = run.toolCalls.length;
  const duration = run.startedAt && run.finishedAt ? formatDuration(Date.parse(run.finishedAt) - Date.parse(run.startedAt)) : null;
  const streaming = active ? (live?.[run.id]?.streaming ?? "") : "";
  const items = [
    ...messages.map((message) => ({ at: message.createdAt, kind: "message" as const, message })),
    ...run.toolCalls.map((call) => ({ at: call.createdAt, kind: "call" as const, call })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const name = run.agentName ?? "Sub-agent";

  return (
    <section data-testid="subagent-block" data-run-id={run.id} data-status={run.status} aria-label={`Sub-agent ${name}, ${status.label.toLowerCase()}`} className="mt-2 ml-6 rounded-md border border-dashed border-zinc-300 bg-white/60 dark:border-zinc-700 dark:bg-zinc-900/40">
      <button
        type="button"
        data-testid="subagent-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full flex-wrap items-center gap-2 rounded-md px-3 py-1.5 text-left text-xs text-zinc-600 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-400 dark:hover:bg-zinc-800/60"
      >
        <span aria-hidden="true">{open ? "▾" : "▸"}</span>
        <span className="font-semibold text-zinc-900 dark:text-zinc-100">Sub-agent · {name}</span>
        <span data-testid="subagent-status">
          <Badge tone={status.tone}>
            {run.status === "running" ? <Spinner className="mr-1" /> : null}
            {status.label}
          </Badge>
        </span>
        <span data-testid="subagent-totals" className="ml-auto">
          {[calls > 0 ? `${calls} ${calls === 1 ? "tool call" : "tool calls"}` : null, duration, tokensLabel(run)].filter(Boolean).join(" · ")}
        </span>
        <span className="sr-only">{open ? "Hide what the sub-agent did" : "Show what the sub-agent did"}</span>
      </button>
      {open ? (
        <div id={bodyId} className="space-y-2 border-t border-dashed border-zinc-300 px-3 py-2 dark:border-zinc-700">
          {items.length === 0 && !streaming ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{active ? "Starting…" : "It did nothing."}</p> : null}
          <ol className="space-y-2" aria-label={`What ${name} did`}>
            {items.map((item) =>
              item.kind === "call" ? (
                <ToolCallRow
                  key={item.call.callId}
                  call={item.call}
                  runId={run.id}
                  slug={slug}
                  roomId={roomId}
                  canWrite={canWrite}
                  highlighted={highlight === item.call.id}
                  nested={nestedFor(view, item.call.callId, { live, slug, roomId, canWrite, highlight })}
                />
              ) : (
                <li key={item.message.id} id={`m-${item.message.id}`} data-testid="subagent-message" className="text-sm text-zinc-900 dark:text-zinc-100">
                  <MessageText text={item.message.content} />
                </li>
              ),
            )}
            {streaming ? (
              <li aria-busy="true" className="text-sm text-zinc-900 dark:text-zinc-100">
                <MessageText text={streaming} />
              </li>
            ) : null}
          </ol>
          {run.error ? <p className="rounded bg-red-50 px-2 py-1 text-xs text-red-700 dark:bg-red-950/60 dark:text-red-300">{run.error}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

/** The block of the sub-agent a delegate call of `parent` started, if any. */
export function nestedFor(
  parent: Pick<SubagentView, "run">,
  callId: string,
  props: Readonly<{ live: LiveTexts | undefined; slug: string; roomId: string; canWrite: boolean; highlight: string | null }>,
) {
  const child = parent.run.subagents.find((s) => s.run.parentCallId === callId);
  return child ? <SubagentBlock view={child} {...props} /> : undefined;
}
