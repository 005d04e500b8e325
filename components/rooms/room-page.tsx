"use client";
/**
 * The room: header, conversation with live runs, composer, and the side
 * panels (find in the room, capabilities, what waits for a person, task
 * list, threads).
 *
 * The conversation pages (./history-hooks): it opens at its newest page, or
 * around the message a link names (`?message=<id>` or `#m-<id>`, also
 * `?run=` and `?call=`), and loads on as the reader scrolls.
 *
 * Live updates: every stored event of the room refetches the head and the
 * newest history page (each coalesced); streamed text deltas live in local
 * state until the history holds them. The stream starts at the head's
 * lastEventId, read before the first history page, so nothing between the
 * server render and the subscription is lost.
 */
import type { TerminalRunStatus } from "@/lib/run-status/run-status";
import { useMutationState, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from "react";
import type { RoomSearchResult } from "@/lib/rooms/search-room";
import type { StreamEvent } from "@/lib/events/catalogue";
import { useEventStream } from "@/components/live/use-event-stream";
import { useSerialRefetch } from "@/components/live/use-serial-refetch";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/components/ui/fetch-json";
import { useWorkspace } from "@/components/workspaces/workspace-context";
import { workspaceApi } from "@/components/workspaces/keys";
import { DecisionNoticeProvider } from "@/components/inbox/decision-notice";
import { approvalKeys } from "@/components/inbox/keys";
import { PlanStudioPanel } from "@/components/plans/plan-studio-panel";
import { CapabilityPanel } from "./capability-panel";
import { ArchivedRoomNote } from "./archive-room";
import { Composer } from "./composer";
import { Conversation, type HistoryEdge } from "./conversation";
import { useRefreshNewestPage, useRoomHistory } from "./history-hooks";
import { roomKeys } from "./keys";
import { liveTextReducer } from "./live-text";
import { ModeSwitchBar } from "./mode-switch-bar";
import { RoomApprovalsPanel } from "./room-approvals-panel";
import { RoomHeader } from "./room-header";
import { useRoomView, type PostMessageVars } from "./room-hooks";
import { RoomSearch } from "./room-search";
import type { RoomHistoryPage, RoomView } from "./room-types";
import { ThreadsNav } from "./threads-nav";
import { TodoPanel } from "./todo-panel";

/** How far the server's clock may lag the browser's when matching a sent message to the one that arrived. */
const SENDING_CLOCK_SKEW_MS = 60_000;
const RUN_DONE: Record<string, string> = { succeeded: "succeeded", failed: "failed", cancelled: "was cancelled" } satisfies Record<TerminalRunStatus, string>;

type Place = { conversationId: string | null; anchor: string | null };

/** `#m-<id>`: a link to a message that the server did not see (fragments stay in the browser). */
function hashAnchor(): string | null {
  const match = /^#m-([A-Za-z0-9_-]{1,64})$/.exec(window.location.hash);
  return match ? match[1]! : null;
}

export function RoomPage({
  slug,
  initialView,
  initialHistory,
  initialAnchor = null,
  canWrite,
}: Readonly<{
  slug: string;
  initialView: RoomView;
  /** the first history page the server read: the newest of the main conversation, or the page around `initialAnchor` */
  initialHistory: RoomHistoryPage;
  initialAnchor?: string | null;
  canWrite: boolean;
}>) {
  const roomId = initialView.room.id;
  const queryClient = useQueryClient();
  const query = useRoomView(slug, roomId, initialView);
  const studioOpen = useSearchParams().get("tab") === "plan";
  const router = useRouter();
  const pathname = usePathname();
  const view = query.data ?? initialView;
  const room = view.room;
  const agentName = room.agent?.name ?? "Agent";

  const [live, dispatch] = useReducer(liveTextReducer, {});
  const me = useWorkspace().user;
  const sending = useMutationState({
    filters: { mutationKey: roomKeys.postMessage(slug, roomId), status: "pending" },
    select: (mutation) => ({ vars: mutation.state.variables as PostMessageVars | undefined, submittedAt: mutation.state.submittedAt }),
  });
  const [announcement, setAnnouncement] = useState("");
  const [draft, setDraft] = useState("");
  const [capsOpen, setCapsOpen] = useState(false);
  const capsId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const capsHeadingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const main = view.conversations.find((c) => !c.parentId) ?? view.conversations[0];
  const initialPlace: Place = { conversationId: initialHistory.conversationId, anchor: initialAnchor };
  const [place, setPlace] = useState<Place>(initialPlace);
  const isInitial = place.conversationId === initialPlace.conversationId && place.anchor === initialPlace.anchor;
  const history = useRoomHistory(slug, roomId, place.conversationId, place.anchor, isInitial ? initialHistory : undefined);
  const pages = history.data?.pages;
  const conversationId = pages?.[0]?.conversationId ?? place.conversationId ?? main?.id;
  const conversation = view.conversations.find((c) => c.id === conversationId) ?? main;
  const refreshNewest = useRefreshNewestPage(slug, roomId, place.conversationId, place.anchor);

  // The page around a deep link carries its target; remember it for this place as further pages replace that one.
  const targets = useRef(new Map<string, NonNullable<RoomHistoryPage["target"]>>());
  const placeKey = `${place.conversationId}:${place.anchor}`;
  const found = pages?.find((p) => p.target)?.target;
  if (found && place.anchor && !targets.current.has(placeKey)) targets.current.set(placeKey, found);
  const target = place.anchor ? targets.current.get(placeKey) : undefined;
  const shownTarget = useMemo(
    () => (target ? { entryId: target.entryId, highlight: target.toolCallId ?? target.messageId ?? target.runId ?? target.entryId } : null),
    [target],
  );

  const open = useCallback((next: Place, url: string) => {
    setPlace(next);
    window.history.replaceState(window.history.state, "", url);
  }, []);
  const openAround = useCallback(
    (id: string, param: "message" | "run" | "call" = "message") => {
      const url = new URL(window.location.href);
      for (const key of ["message", "run", "call"]) url.searchParams.delete(key);
      url.searchParams.set(param, id);
      url.hash = "";
      open({ conversationId: null, anchor: id }, url.toString());
    },
    [open],
  );
  const openLatest = useCallback(
    (id: string | null) => {
      const url = new URL(window.location.href);
      for (const key of ["message", "run", "call"]) url.searchParams.delete(key);
      url.hash = "";
      open({ conversationId: id, anchor: null }, url.toString());
    },
    [open],
  );
  // A fragment link (#m-<id>) the server could not see, now and when it changes.
  useEffect(() => {
    const follow = () => {
      const id = hashAnchor();
      if (id) setPlace({ conversationId: null, anchor: id });
    };
    if (!initialAnchor) follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [initialAnchor]);

  const refresh = useSerialRefetch(roomKeys.view(slug, roomId));

  const onEvent = useCallback(
    (event: StreamEvent) => {
      const runId = event.runId;
      switch (event.type) {
        case "text.delta": {
          const delta = event.data.delta;
          if (runId && delta) dispatch({ type: "delta", runId, delta });
          return;
        }
        case "message": {
          const text = event.data.text;
          if (runId && text) dispatch({ type: "message", runId, text });
          break;
        }
        case "tool.call": {
          const callId = event.data.callId;
          if (runId && callId) dispatch({ type: "call", runId, callId });
          break;
        }
        case "run.finished": {
          if (runId) dispatch({ type: "finished", runId });
          const status = event.data.status || "finished";
          setAnnouncement(`${agentName}'s run ${RUN_DONE[status] ?? status}.`);
          void queryClient.invalidateQueries({ queryKey: roomKeys.list(slug) });
          // The run may have committed: the branch panel decides again whether there is something to review.
          void queryClient.invalidateQueries({ queryKey: roomKeys.branch(slug, roomId) });
          break;
        }
        case "approval.requested":
          setAnnouncement(`Approval needed: ${event.data.summary || event.data.tool || "a tool call"}.`);
          void queryClient.invalidateQueries({ queryKey: approvalKeys.all(slug) });
          break;
        case "approval.decided":
          void queryClient.invalidateQueries({ queryKey: approvalKeys.all(slug) });
          break;
        case "question":
          setAnnouncement(`${agentName} asks: ${event.data.prompt || "a question"}`);
          break;
        case "room.mode_switch_requested":
          setAnnouncement(`${agentName} asks to switch to ${event.data.label} mode; cancel it in the bar above the composer.`);
          break;
        // P2: a submitted plan (or a proposal) opens Plan Studio beside the conversation.
        case "plan.submitted":
        case "proposal.created": {
          const planId = event.type === "plan.submitted" ? event.data.planId : undefined;
          const url = new URL(window.location.href);
          url.searchParams.set("tab", "plan");
          if (planId) url.searchParams.set("plan", planId);
          else url.searchParams.delete("plan");
          router.replace(`${pathname}?${url.searchParams.toString()}${url.hash}`, { scroll: false });
          setAnnouncement(event.type === "plan.submitted" ? "A plan was submitted; it is open in Plan Studio." : "An orchestration proposal arrived; it is open in Plan Studio.");
          break;
        }
        case "room.mode_changed":
        case "room.updated":
          void queryClient.invalidateQueries({ queryKey: roomKeys.detail(slug, roomId) });
          void queryClient.invalidateQueries({ queryKey: roomKeys.list(slug) });
          break;
      }
      if (event.id) {
        refresh();
        refreshNewest();
      }
    },
    [agentName, pathname, queryClient, refresh, refreshNewest, roomId, router, slug],
  );

  const stream = useEventStream(`${workspaceApi(slug)}/rooms/${encodeURIComponent(roomId)}/events`, initialView.lastEventId, onEvent);

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

  const entries = useMemo(() => (pages ? [...pages].reverse().flatMap((p) => p.entries) : []), [pages]);
  const sendingHere = useMemo(() => {
    // The live stream can bring the posted message before the request settles; then it is shown, no longer "sending".
    const recent = entries.slice(-10).flatMap((e) => (e.kind === "message" ? [e.message] : e.trigger ? [e.trigger] : []));
    const arrived = (content: string, submittedAt: number) =>
      recent.some((m) => m.role === "user" && m.content === content && Date.parse(m.createdAt) >= submittedAt - SENDING_CLOCK_SKEW_MS);
    return sending.flatMap(({ vars, submittedAt }) => (vars && vars.conversationId === conversation?.id && !arrived(vars.content, submittedAt) ? [vars.content] : []));
  }, [sending, entries, conversation?.id]);
  // Writing while reading further back: the conversation goes to the present, where the message will appear.
  useEffect(() => {
    if (sendingHere.length > 0 && place.anchor) openLatest(conversation?.id ?? null);
  }, [sendingHere.length, place.anchor, openLatest, conversation?.id]);
  const { fetchNextPage, fetchPreviousPage } = history;
  const older: HistoryEdge = useMemo(
    () => ({
      has: history.hasNextPage,
      loading: history.isFetchingNextPage,
      error: history.isFetchNextPageError,
      load: () => void fetchNextPage({ cancelRefetch: false }).then(refreshNewest),
    }),
    [history.hasNextPage, history.isFetchingNextPage, history.isFetchNextPageError, fetchNextPage, refreshNewest],
  );
  const newer: HistoryEdge = useMemo(
    () => ({
      has: history.hasPreviousPage,
      loading: history.isFetchingPreviousPage,
      error: history.isFetchPreviousPageError,
      load: () => void fetchPreviousPage({ cancelRefetch: false }),
    }),
    [history.hasPreviousPage, history.isFetchingPreviousPage, history.isFetchPreviousPageError, fetchPreviousPage],
  );
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
        canWrite={canWrite}
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
          {history.isPending ? (
            <p role="status" data-testid="conversation-loading" className="flex items-center gap-2 py-12 text-sm text-zinc-500 dark:text-zinc-400">
              <Spinner /> Loading the conversation…
            </p>
          ) : history.isError && !pages ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/60 dark:text-red-300">
              {history.error instanceof ApiError && history.error.status === 404
                ? "That message is not in this room (any more)."
                : "The conversation could not be loaded."}
              <Button size="sm" variant="secondary" onClick={() => (history.error instanceof ApiError && history.error.status === 404 ? openLatest(null) : void history.refetch())}>
                {history.error instanceof ApiError && history.error.status === 404 ? "Open the latest messages" : "Retry"}
              </Button>
            </div>
          ) : (
            <Conversation
              key={placeKey}
              entries={entries}
              live={live}
              sending={sendingHere}
              me={me.name}
              agentName={agentName}
              mode={room.profile}
              slug={slug}
              roomId={roomId}
              canWrite={canWrite}
              older={older}
              newer={newer}
              onJumpToLatest={() => openLatest(conversation?.id ?? null)}
              target={shownTarget}
              onSuggest={(text) => {
                setDraft(text);
                inputRef.current?.focus();
              }}
            />
          )}
          <div className="sticky bottom-0 z-10 -mx-1 bg-gradient-to-t from-white from-80% to-transparent px-1 pt-4 pb-3 dark:from-zinc-950">
            <ModeSwitchBar approvals={view.approvals} slug={slug} canWrite={canWrite} />
            {room.archivedAt ? (
              <ArchivedRoomNote slug={slug} room={room} canWrite={canWrite} />
            ) : canWrite ? (
              <Composer
                slug={slug}
                room={room}
                conversationId={conversation?.id}
                conversationTitle={conversation && conversation !== main ? conversation.title : null}
                draft={draft}
                onDraft={setDraft}
                inputRef={inputRef}
                modes={view.modes}
              />
            ) : (
              <p data-testid="read-only-note" className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700 dark:bg-zinc-800/70 dark:text-zinc-300">
                You are a viewer in this workspace: you can follow this room live, but not post, switch modes or decide approvals.
              </p>
            )}
          </div>
        </div>

        <aside aria-label="Room details" className="space-y-4 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
          <RoomSearch slug={slug} roomId={roomId} onOpen={(result: RoomSearchResult) => openAround(result.id, result.kind === "tool_call" ? "call" : "message")} />
          {capsOpen ? <CapabilityPanel id={capsId} slug={slug} room={room} onClose={closeCaps} headingRef={capsHeadingRef} /> : null}
          <PlanStudioPanel slug={slug} roomId={roomId} canWrite={canWrite} lastEventId={view.lastEventId} />
          <RoomApprovalsPanel approvals={view.approvals} slug={slug} canWrite={canWrite} />
          <TodoPanel todos={room.todos} />
          <ThreadsNav slug={slug} roomId={roomId} conversations={view.conversations} current={conversation?.id} onSelect={(id) => openLatest(id)} canWrite={canWrite} />
        </aside>
      </div>
    </div>
    </DecisionNoticeProvider>
  );
}
