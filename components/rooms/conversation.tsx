"use client";
/**
 * The transcript of one conversation: people's messages and, after each, the
 * run it started with everything the agent did. Runs and messages interleave
 * by time; assistant messages sit inside their run.
 */
import { isNudge } from "@/lib/plans/outcome";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { formatTime } from "./format";
import type { LiveTexts } from "./live-text";
import { MessageText } from "./message-text";
import { modeLabel } from "./mode-meta";
import type { RoomMessage, RoomMode, RoomRun } from "./room-types";
import { RunBlock } from "./run-block";

type Entry = { at: string; order: number; kind: "message"; message: RoomMessage } | { at: string; order: number; kind: "run"; run: RoomRun };

const SUGGESTIONS: Record<RoomMode, string[]> = {
  chat: ["Tour the repo and tell me what you find", "Find open TODOs and summarize them"],
  plan: ["Plan capping discounts at 50%, with tests", "How are discounts computed today?"],
  orchestrate: ["Split the discount cap into tickets for a small team"],
  review: ["Review this pull request and list the risks"],
};

export function Conversation({
  messages,
  runs,
  live,
  agentName,
  mode,
  slug,
  roomId,
  canWrite,
  onSuggest,
  sending = [],
  me = "You",
}: Readonly<{
  messages: RoomMessage[];
  runs: RoomRun[];
  live: LiveTexts;
  agentName: string;
  mode: RoomMode;
  slug: string;
  roomId: string;
  canWrite: boolean;
  onSuggest: (text: string) => void;
  /** messages on their way to the server, shown until the snapshot has them */
  sending?: string[];
  me?: string;
}>) {
  const runIds = new Set(runs.map((r) => r.id));
  const entries: Entry[] = [
    ...messages.filter((m) => !m.runId || !runIds.has(m.runId)).map((message) => ({ at: message.createdAt, order: 0, kind: "message" as const, message })),
    ...runs.map((run) => ({ at: run.createdAt, order: 1, kind: "run" as const, run })),
  ].sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order);
  sending.forEach((content, i) => entries.push({ at: "", order: 2, kind: "message", message: sendingMessage(i, content, me) }));
  // A run can stream before the snapshot that lists it has landed; show it at the end meanwhile.
  for (const [runId, text] of Object.entries(live)) {
    if (!runIds.has(runId) && (text.streaming || text.turns.length)) entries.push({ at: "", order: 2, kind: "run", run: streamingRun(runId) });
  }

  if (entries.length === 0) {
    return (
      <div data-testid="conversation-empty" className="rounded-lg border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
        <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">No messages yet</p>
        <p className="mx-auto mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
          {canWrite
            ? `Say what you want done. In ${modeLabel(mode)} mode ${agentName} ${mode === "chat" ? "can read, edit and run commands in the worktree" : "works read-only"}.`
            : "Nobody has written here yet. Members can start the conversation."}
        </p>
        {canWrite ? (
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            {SUGGESTIONS[mode].map((text) => (
              <Button key={text} variant="secondary" size="sm" onClick={() => onSuggest(text)}>
                {text}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <ol data-testid="conversation" aria-label="Conversation" className="space-y-6">
      {entries.map((entry) =>
        entry.kind === "run" ? (
          <RunBlock
            key={entry.run.id}
            run={entry.run}
            messages={messages.filter((m) => m.runId === entry.run.id)}
            live={live[entry.run.id]}
            agentName={agentName}
            slug={slug}
            roomId={roomId}
            canWrite={canWrite}
          />
        ) : (
          <MessageEntry key={entry.message.id} message={entry.message} agentName={agentName} />
        ),
      )}
    </ol>
  );
}

/** A message being sent: shown at once, marked until the server has it. */
function sendingMessage(index: number, content: string, author: string): RoomMessage {
  return { id: `sending-${index}`, conversationId: "", role: "user", authorName: author, runId: null, content, meta: { kind: "sending" }, createdAt: new Date().toISOString() };
}

/** Stand-in for a run the live stream knows and the snapshot does not list yet. */
function streamingRun(id: string): RoomRun {
  return {
    id,
    conversationId: null,
    triggerMessageId: null,
    status: "running",
    mode: null,
    outcome: null,
    error: null,
    steps: 0,
    createdAt: new Date().toISOString(),
    finishedAt: null,
    toolCalls: [],
  };
}

function MessageEntry({ message, agentName }: Readonly<{ message: RoomMessage; agentName: string }>) {
  if (message.role === "system" || isNudge(message.content)) {
    return (
      <li data-testid="system-message" className="text-center text-xs text-zinc-500 dark:text-zinc-400">
        {message.content.replace(/^\s*\[gatehouse:nudge\]\s*/, "Reminder to the agent: ")}
      </li>
    );
  }
  const mine = message.role === "user";
  const who = mine ? (message.authorName ?? "Someone") : agentName;
  const pending = message.id.startsWith("sending-");
  return (
    <li data-testid={mine ? "user-message" : "assistant-message"} data-pending={pending || undefined} aria-busy={pending || undefined} className={cx(mine && "flex justify-end", pending && "opacity-70")}>
      <article
        aria-label={`${who} at ${formatTime(message.createdAt)}`}
        className={
          mine
            ? "max-w-[85%] rounded-2xl rounded-br-sm bg-indigo-50 px-4 py-2.5 text-zinc-900 ring-1 ring-indigo-100 dark:bg-indigo-950/60 dark:text-zinc-100 dark:ring-indigo-900"
            : "text-zinc-900 dark:text-zinc-100"
        }
      >
        <header className="mb-0.5 flex items-baseline gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="font-medium text-zinc-700 dark:text-zinc-300">{who}</span>
          {pending ? <span>sending…</span> : <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>}
        </header>
        <MessageText text={message.content} />
      </article>
    </li>
  );
}
