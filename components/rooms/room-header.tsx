"use client";
import Link from "next/link";
import type { Ref } from "react";
import { ConnectionStatus } from "@/components/live/connection-status";
import type { EventStreamStatus } from "@/components/live/use-event-stream";
import { cx } from "@/components/ui/cx";
import { ArchiveRoomButton } from "./archive-room";
import { ShieldIcon } from "./icons";
import { ModeBadge } from "./mode-badge";
import { RoomBranchPanel } from "./room-branch-panel";
import { useRoomCapabilities } from "./room-hooks";
import { GuaranteeBadge } from "./transport-guarantees";
import type { RoomInfo } from "./room-types";

export function RoomHeader({
  slug,
  room,
  stream,
  capsOpen,
  capsId,
  onToggleCaps,
  toggleRef,
  canWrite = false,
}: Readonly<{
  slug: string;
  canWrite?: boolean;
  room: RoomInfo;
  stream: EventStreamStatus;
  capsOpen: boolean;
  capsId: string;
  onToggleCaps: () => void;
  toggleRef: Ref<HTMLButtonElement>;
}>) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3 border-b border-zinc-200 pb-4 dark:border-zinc-800">
      <div className="min-w-0 max-w-full flex-1 space-y-1.5">
        <nav aria-label="Breadcrumb" className="text-xs text-zinc-500 dark:text-zinc-400">
          <Link href={`/w/${slug}`} className="hover:text-zinc-900 hover:underline dark:hover:text-zinc-100">
            Rooms
          </Link>
          <span aria-hidden="true"> / </span>
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          <h1 data-testid="room-name" className="max-w-full min-w-0 text-xl font-semibold tracking-tight [overflow-wrap:anywhere]">
            {room.name}
          </h1>
          <ModeBadge profile={room.profile} size="md" />
          <RoomGuarantee slug={slug} room={room} />
        </div>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{room.profile.description}</p>
        {room.lastFingerprint ? (
          <p className="text-xs text-zinc-500 dark:text-zinc-400" title="G7: a hash of the compiled capability — mode profile, declared grants, workspace grants, agent allowlist, autonomy, mount plan and transport">
            Last run&apos;s capability fingerprint{" "}
            <code data-testid="room-fingerprint" className="font-mono">
              {room.lastFingerprint.slice(0, 12)}
            </code>
          </p>
        ) : null}
        {/* Review rooms (R1): the pull request's diff, findings and verdict live in the review view. */}
        {room.pullRequestId ? (
          <Link data-testid="room-pull-link" href={`/w/${slug}/pulls/${room.pullRequestId}`} className="inline-block text-sm font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
            Open the pull request’s review: diff, findings and verdict →
          </Link>
        ) : null}
        {/* The work of a room's branch goes on to review: commit it, then open a pull request (only once there is something to review). */}
        <RoomBranchPanel slug={slug} room={room} canWrite={canWrite} />
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
          <div className="flex gap-1.5">
            <dt className="text-zinc-500 dark:text-zinc-400">Repository</dt>
            <dd data-testid="room-repository" className="font-medium text-zinc-800 dark:text-zinc-200">
              {room.repository ? room.repository.name : "none"}
              {room.branch ? <code className="ml-1.5 rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs font-normal dark:bg-zinc-800">{room.branch}</code> : null}
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-zinc-500 dark:text-zinc-400">Agent</dt>
            <dd data-testid="room-agent" className="font-medium text-zinc-800 dark:text-zinc-200">
              {room.agent ? (
                <>
                  {room.agent.name} <span className="font-normal text-zinc-500 dark:text-zinc-400">· {room.agent.model}</span>
                </>
              ) : (
                "none"
              )}
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-col items-end gap-2">
        <ConnectionStatus status={stream} />
        <button
          ref={toggleRef}
          type="button"
          data-testid="capability-toggle"
          aria-expanded={capsOpen}
          aria-controls={capsId}
          onClick={onToggleCaps}
          className={cx(
            "inline-flex h-9 items-center gap-2 rounded-md border px-3 text-sm font-medium transition-colors",
            capsOpen
              ? "border-indigo-300 bg-indigo-50 text-indigo-800 dark:border-indigo-700 dark:bg-indigo-950 dark:text-indigo-200"
              : "border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800",
          )}
        >
          <ShieldIcon />
          What can the agent do here?
        </button>
        {canWrite ? <ArchiveRoomButton slug={slug} room={room} /> : null}
      </div>
    </header>
  );
}

/** T4: whether the room's mode is a boundary or only a convention on its agent's transport; the title says why. */
function RoomGuarantee({ slug, room }: Readonly<{ slug: string; room: RoomInfo }>) {
  const caps = useRoomCapabilities(slug, room);
  const mine = caps.data?.transports?.find((t) => t.transport === (caps.data?.agentTransport ?? "built-in"));
  if (!mine) return null;
  return (
    <span data-testid="room-guarantee" data-transport={mine.transport} data-holds={mine.holds} title={mine.why} className="inline-flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
      mode is a <GuaranteeBadge holds={mine.holds} /> on {mine.label}
    </span>
  );
}
