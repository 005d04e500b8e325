"use client";
/**
 * The workspace's rooms with their mode badges and what is going on in each
 * (approvals waiting, runs active), kept current by the workspace stream.
 */
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useCallback, useMemo, useRef, useState } from "react";
import type { AgentView } from "@/lib/agents/schemas";
import type { RepositoryView } from "@/lib/repositories/schemas";
import type { RoomListItem } from "@/lib/rooms/list-rooms";
import { ConnectionStatus } from "@/components/live/connection-status";
import type { StreamEvent } from "@/lib/events/catalogue";
import { useEventStream } from "@/components/live/use-event-stream";
import { useSerialRefetch } from "@/components/live/use-serial-refetch";
import { approvalKeys } from "@/components/inbox/keys";
import { Button } from "@/components/ui/button";
import { RefetchError } from "@/components/ui/refetch-error";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { distinct, facet, matchesQuery } from "@/components/ui/list-filter";
import { useRowKeys } from "@/components/ui/use-row-keys";
import { workspaceApi } from "@/components/workspaces/keys";
import { roomKeys } from "./keys";
import { AgentIcon, BranchIcon } from "./icons";
import { ModeBadge } from "./mode-badge";
import { AUTONOMY } from "./mode-meta";
import { NewRoomDialog } from "./new-room-dialog";
import { useArchivedRooms, useRooms, useUpdateRoom } from "./room-hooks";

export function RoomsList({
  slug,
  workspaceName,
  initialRooms,
  lastEventId,
  repositories,
  agents,
  canWrite,
}: Readonly<{
  slug: string;
  workspaceName: string;
  initialRooms: RoomListItem[];
  lastEventId: string;
  repositories: RepositoryView[];
  agents: AgentView[];
  canWrite: boolean;
}>) {
  const queryClient = useQueryClient();
  const rooms = useRooms(slug, initialRooms);
  // The command palette's "New room" lands here with ?new=room.
  const [creating, setCreating] = useState(useSearchParams().get("new") === "room" && canWrite);
  const refetch = useSerialRefetch(roomKeys.list(slug));
  const onEvent = useCallback(
    (event: StreamEvent) => {
      if (!event.id) return;
      refetch();
      if (event.type.startsWith("approval.")) void queryClient.invalidateQueries({ queryKey: approvalKeys.all(slug) });
    },
    [queryClient, refetch, slug],
  );
  const stream = useEventStream(`${workspaceApi(slug)}/events`, lastEventId, onEvent);
  const list = rooms.data ?? [];
  const [query, setQuery] = useState("");
  const [mode, setMode] = useState("");
  const [status, setStatus] = useState("");
  const [repository, setRepository] = useState("");
  const statusOf = (room: RoomListItem) => (room.pendingApprovals > 0 ? "waiting" : room.activeRuns > 0 ? "active" : "idle");
  const shown = list.filter(
    (room) =>
      matchesQuery(query, [room.name, room.repository, room.agent, room.profile.label]) &&
      facet(mode, room.mode) &&
      facet(status, statusOf(room)) &&
      facet(repository, room.repository),
  );
  const modes = useMemo(() => distinct(list, (r) => r.mode), [list]);
  const repositoriesInList = useMemo(() => distinct(list, (r) => r.repository), [list]);
  const listRef = useRef<HTMLUListElement>(null);
  useRowKeys(listRef, '[data-testid="room-row"]');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Rooms</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Where {workspaceName} works with agents. A room&apos;s mode decides what its agent can see and do.
          </p>
        </div>
        <div className="flex items-center gap-4">
          <ConnectionStatus status={stream} />
          {canWrite ? (
            <Button data-testid="new-room-button" onClick={() => setCreating(true)}>
              New room
            </Button>
          ) : null}
        </div>
      </div>

      {rooms.isError ? <RefetchError what="The rooms" error={rooms.error} onRetry={() => void rooms.refetch()} /> : null}

      {list.length > 0 ? (
        <FilterBar
          label="Search rooms"
          query={query}
          onQuery={setQuery}
          shown={shown.length}
          total={list.length}
          facets={[
            { name: "mode", label: "Mode", value: mode, onChange: setMode, options: modes.map((m) => ({ value: m, label: list.find((r) => r.mode === m)?.profile.label ?? m })) },
            {
              name: "status",
              label: "Status",
              value: status,
              onChange: setStatus,
              options: [
                { value: "waiting", label: "Approval waiting" },
                { value: "active", label: "Run active" },
                { value: "idle", label: "Idle" },
              ],
            },
            { name: "repository", label: "Repository", value: repository, onChange: setRepository, options: repositoriesInList.map((r) => ({ value: r, label: r })) },
          ]}
        />
      ) : null}

      {list.length === 0 ? (
        <EmptyState
          title="No rooms yet"
          action={
            canWrite ? (
              <Button onClick={() => setCreating(true)} data-testid="new-room-empty">
                Open the first room
              </Button>
            ) : null
          }
        >
          {canWrite
            ? "Open a room on a repository, pick an agent and a mode: Agent to get work done, Plan to get a plan first, Orchestrate to split work for a team."
            : "Members open rooms; you will see them here as soon as they do."}
        </EmptyState>
      ) : (
        <ul ref={listRef} data-testid="room-list" className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {shown.length === 0 ? <li className="px-5 py-4 text-sm text-zinc-500 dark:text-zinc-400">No room matches.</li> : null}
          {shown.map((room) => (
            <li key={room.id} data-testid="room-row" data-room-id={room.id} data-mode={room.mode}>
              <Link
                href={`/w/${slug}/rooms/${room.id}`}
                className="grid gap-x-4 gap-y-1 px-5 py-4 hover:bg-zinc-50 focus-visible:-outline-offset-2 sm:grid-cols-[minmax(0,1fr)_auto] dark:hover:bg-zinc-800/60"
              >
                <span className="min-w-0">
                  <span className="flex flex-wrap items-center gap-2">
                    <span data-testid="room-row-name" className="max-w-full min-w-0 truncate font-medium" title={room.name}>
                      {room.name}
                    </span>
                    <ModeBadge profile={room.profile} />
                  </span>
                  <span className="mt-1 flex flex-wrap gap-x-3 text-sm text-zinc-500 dark:text-zinc-400">
                    <span className="inline-flex items-center gap-1">
                      <BranchIcon className="size-3.5" />
                      <span className="sr-only">Repository: </span>
                      {room.repository ?? "no repository"}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <AgentIcon className="size-3.5" />
                      <span className="sr-only">Agent: </span>
                      {room.agent ?? "no agent"}
                    </span>
                    <span>Autonomy: {AUTONOMY[room.autonomy].label}</span>
                  </span>
                </span>
                <span className="flex items-center gap-2 self-center text-xs">
                  {room.pendingApprovals > 0 ? (
                    <span data-testid="room-pending-approvals" className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
                      {room.pendingApprovals} {room.pendingApprovals === 1 ? "approval" : "approvals"} waiting
                    </span>
                  ) : null}
                  {room.activeRuns > 0 ? (
                    <span data-testid="room-active-runs" className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
                      <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-indigo-500 motion-reduce:animate-none" />
                      {room.activeRuns} {room.activeRuns === 1 ? "run" : "runs"} active
                    </span>
                  ) : null}
                  {room.pendingApprovals === 0 && room.activeRuns === 0 ? <span className="text-zinc-500 dark:text-zinc-400">idle</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}

      <ArchivedRooms slug={slug} canWrite={canWrite} />

      {canWrite ? <NewRoomDialog slug={slug} open={creating} onClose={() => setCreating(false)} repositories={repositories} agents={agents} /> : null}
    </div>
  );
}

/** Archived rooms stay readable: listed here on request, each with Restore for those who may. */
function ArchivedRooms({ slug, canWrite }: Readonly<{ slug: string; canWrite: boolean }>) {
  const [open, setOpen] = useState(false);
  const archived = useArchivedRooms(slug, open);
  return (
    <details onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)} className="text-sm">
      <summary data-testid="archived-rooms-toggle" className="cursor-pointer font-medium text-zinc-700 dark:text-zinc-300">
        Archived rooms
      </summary>
      {archived.data?.length === 0 ? <p className="mt-2 text-zinc-600 dark:text-zinc-400">No archived rooms.</p> : null}
      <ul className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-800">
        {(archived.data ?? []).map((room) => (
          <li key={room.id} data-testid="archived-room" data-room-id={room.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <Link href={`/w/${slug}/rooms/${room.id}`} className="min-w-0 truncate font-medium text-indigo-700 hover:underline dark:text-indigo-300">
              {room.name}
            </Link>
            {canWrite ? <RestoreRoomButton slug={slug} roomId={room.id} name={room.name} /> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

export function RestoreRoomButton({ slug, roomId, name }: Readonly<{ slug: string; roomId: string; name: string }>) {
  const update = useUpdateRoom(slug, roomId);
  return (
    <span className="inline-flex items-center gap-2">
      <Button size="sm" variant="secondary" data-testid="room-restore" loading={update.isPending} onClick={() => update.mutate({ archived: false })} aria-label={`Restore ${name}`}>
        Restore
      </Button>
      {update.error ? <span className="text-xs text-red-700 dark:text-red-400">{update.error.message}</span> : null}
    </span>
  );
}
