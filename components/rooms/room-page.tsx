"use client";
/**
 * The room: header, conversation with live runs, composer, and the side
 * panels (capabilities, what waits for a person, task list, threads).
 *
 * Live updates: every stored event of the room refetches the snapshot
 * (coalesced); streamed text deltas live in local state until the snapshot
 * holds them. The stream starts at the snapshot's lastEventId, so nothing
 * between the server render and the subscription is lost.
 */
import { useMutationState, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useId, useReducer, useRef, useState } from "react";
import { dataString, type LiveEvent } from "@/components/live/live-event";
import { useEventStream } from "@/components/live/use-event-stream";
import { useSerialRefetch } from "@/components/live/use-serial-refetch";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/components/ui/fetch-json";
import { useWorkspace } from "@/components/workspaces/workspace-context";
import { workspaceApi } from "@/components/workspaces/keys";
import { DecisionNoticeProvider } from "@/components/inbox/decision-notice";
import { approvalKeys } from "@/components/inbox/keys";
import { PlanStudioPanel } from "@/components/plans/plan-studio-panel";
import { CapabilityPanel } from "./capability-panel";
import { Composer } from "./composer";
import { Conversation } from "./conversation";
import { roomKeys } from "./keys";
import { liveTextReducer } from "./live-text";
import { RoomApprovalsPanel } from "./room-approvals-panel";
import { RoomHeader } from "./room-header";
import { useRoomView, type PostMessageVars } from "./room-hooks";
import type { RoomView } from "./room-types";
import { ThreadsNav } from "./threads-nav";
import { TodoPanel } from "./todo-panel";

const RUN_DONE: Record<string, string> = { succeeded: "succeeded", failed: "failed", cancelled: "was cancelled" };

export function RoomPage({ slug, initialView, canWrite }: Readonly<{ slug: string; initialView: RoomView; canWrite: boolean }>) {
  const roomId = initialView.room.id;
  const queryClient = useQueryClient();
  const query = useRoomView(slug, roomId, initialView);
  const studioOpen = useSearchParams().get("tab") === "plan";
  const view = query.data ?? initialView;
  const room = view.room;
  const agentName = room.agent?.name ?? "Agent";

  const [live, dispatch] = useReducer(liveTextReducer, {});
  const me = useWorkspace().user;
  const sending = useMutationState({
    filters: { mutationKey: roomKeys.postMessage(slug, roomId), status: "pending" },
    select: (mutation) => mutation.state.variables as PostMessageVars | undefined,
  });
  const [announcement, setAnnouncement] = useState("");
  const [draft, setDraft] = useState("");
  const [capsOpen, setCapsOpen] = useState(false);
  const capsId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const capsHeadingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const main = view.conversations.find((c) => !c.parentId) ?? view.conversations[0];
  const [selected, setSelected] = useState<string | undefined>(main?.id);
  const conversation = view.conversations.find((c) => c.id === selected) ?? main;
  const inConversation = <T extends { conversationId: string | null }>(item: T) => !conversation || item.conversationId === conversation.id || (!item.conversationId && conversation === main);

  const refresh = useSerialRefetch(roomKeys.view(slug, roomId));

  const onEvent = useCallback(
    (event: LiveEvent) => {
      const runId = event.runId;
      switch (event.type) {
        case "text.delta": {
          const delta = dataString(event, "delta");
          if (runId && delta) dispatch({ type: "delta", runId, delta });
          return;
        }
        case "message": {
          const text = dataString(event, "text");
          if (runId && text) dispatch({ type: "message", runId, text });
          break;
        }
        case "tool.call": {
          const callId = dataString(event, "callId");
          if (runId && callId) dispatch({ type: "call", runId, callId });
          break;
        }
        case "run.finished": {
          if (runId) dispatch({ type: "finished", runId });
          const status = dataString(event, "status") ?? "finished";
          setAnnouncement(`${agentName}'s run ${RUN_DONE[status] ?? status}.`);
          void queryClient.invalidateQueries({ queryKey: roomKeys.list(slug) });
          break;
        }
        case "approval.requested":
          setAnnouncement(`Approval needed: ${dataString(event, "summary") ?? dataString(event, "tool") ?? "a tool call"}.`);
          void queryClient.invalidateQueries({ queryKey: approvalKeys.all(slug) });
          break;
        case "approval.decided":
          void queryClient.invalidateQueries({ queryKey: approvalKeys.all(slug) });
          break;
        case "question":
          setAnnouncement(`${agentName} asks: ${dataString(event, "prompt") ?? "a question"}`);
          break;
        case "room.mode_changed":
        case "room.updated":
          void queryClient.invalidateQueries({ queryKey: roomKeys.detail(slug, roomId) });
          void queryClient.invalidateQueries({ queryKey: roomKeys.list(slug) });
          break;
      }
      if (event.id) refresh();
    },
    [agentName, queryClient, refresh, roomId, slug],
  );

  const stream = useEventStream(`${workspaceApi(slug)}/rooms/${encodeURIComponent(roomId)}/events`, initialView.lastEventId, onEvent);

  // Follow the conversation while the reader is at its end; leave them alone when they scrolled up.
  const atEnd = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      atEnd.current = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 200;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.scrollTo({ top: document.documentElement.scrollHeight });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useEffect(() => {
    if (atEnd.current) window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [view, live]);

  const closeCaps = useCallback(() => {
    setCapsOpen(false);
    toggleRef.current?.focus();
  }, []);
  useEffect(() => {
    if (!capsOpen) return;
    capsHeadingRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) closeCaps();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [capsOpen, closeCaps]);

  const messages = view.messages.filter(inConversation);
  const runs = view.runs.filter(inConversation);
  // Live text of runs in other threads stays out of this one.
  const elsewhere = new Set(view.runs.filter((r) => !runs.includes(r)).map((r) => r.id));
  const liveHere = Object.fromEntries(Object.entries(live).filter(([runId]) => !elsewhere.has(runId)));
  const refreshError = query.isError ? (query.error instanceof ApiError ? query.error.message : "The room could not be refreshed.") : null;
  const gone = query.error instanceof ApiError && query.error.status === 404;

  return (
    <DecisionNoticeProvider>
    <div className="space-y-4">
      <RoomHeader
        slug={slug}
        room={room}
        stream={stream}
        capsOpen={capsOpen}
        capsId={capsId}
        onToggleCaps={() => (capsOpen ? closeCaps() : setCapsOpen(true))}
        toggleRef={toggleRef}
      />
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {refreshError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/60 dark:text-red-300">
          {gone ? "This room no longer exists or you lost access to it." : `${refreshError} What you see may be out of date.`}
          {gone ? (
            <Link href={`/w/${slug}`} className="font-medium underline">
              Back to the rooms
            </Link>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              Retry
            </Button>
          )}
        </div>
      ) : null}

      {/* P2: Plan Studio (?tab=plan) takes half the width beside the conversation. */}
      <div className={studioOpen ? "grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" : "grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"}>
        <div className="flex min-w-0 flex-col gap-4">
          {conversation && conversation !== main ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Thread: <span className="font-medium text-zinc-900 dark:text-zinc-100">{conversation.title}</span>
            </p>
          ) : null}
          <Conversation
            messages={messages}
            runs={runs}
            live={liveHere}
            sending={sending.filter((m): m is PostMessageVars => Boolean(m) && m!.conversationId === conversation?.id).map((m) => m.content)}
            me={me.name}
            agentName={agentName}
            mode={room.mode}
            slug={slug}
            roomId={roomId}
            canWrite={canWrite}
            onSuggest={(text) => {
              setDraft(text);
              inputRef.current?.focus();
            }}
          />
          <div className="sticky bottom-0 z-10 -mx-1 bg-gradient-to-t from-white from-80% to-transparent px-1 pt-4 pb-3 dark:from-zinc-950">
            {canWrite ? (
              <Composer
                slug={slug}
                room={room}
                conversationId={conversation?.id}
                conversationTitle={conversation && conversation !== main ? conversation.title : null}
                draft={draft}
                onDraft={setDraft}
                inputRef={inputRef}
              />
            ) : (
              <p data-testid="read-only-note" className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700 dark:bg-zinc-800/70 dark:text-zinc-300">
                You are a viewer in this workspace: you can follow this room live, but not post, switch modes or decide approvals.
              </p>
            )}
          </div>
        </div>

        <aside aria-label="Room details" className="space-y-4 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
          {capsOpen ? <CapabilityPanel id={capsId} slug={slug} room={room} onClose={closeCaps} headingRef={capsHeadingRef} /> : null}
          <PlanStudioPanel slug={slug} roomId={roomId} canWrite={canWrite} lastEventId={view.lastEventId} />
          <RoomApprovalsPanel approvals={view.approvals} slug={slug} canWrite={canWrite} />
          <TodoPanel todos={room.todos} />
          <ThreadsNav slug={slug} roomId={roomId} conversations={view.conversations} current={conversation?.id} onSelect={setSelected} canWrite={canWrite} />
        </aside>
      </div>
    </div>
    </DecisionNoticeProvider>
  );
}
