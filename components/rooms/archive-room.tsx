"use client";
/**
 * Archiving a room from its page, and what an archived room shows instead of
 * the composer: that it is archived (out of the lists, no agent runs here)
 * and, for those who may, Restore.
 */
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { RestoreRoomButton } from "./rooms-list";
import { useUpdateRoom } from "./room-hooks";
import type { RoomInfo } from "./room-types";

export function ArchiveRoomButton({ slug, room }: Readonly<{ slug: string; room: RoomInfo }>) {
  const update = useUpdateRoom(slug, room.id);
  // A review room follows its pull request (close that instead); an archived one shows Restore below.
  if (room.pullRequestId || room.archivedAt) return null;
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="ghost" size="sm" data-testid="room-archive" loading={update.isPending} onClick={() => update.mutate({ archived: true })}>
        Archive room
      </Button>
      <ErrorText className="max-w-64 text-right text-xs">{update.error?.message ?? null}</ErrorText>
    </div>
  );
}

export function ArchivedRoomNote({ slug, room, canWrite }: Readonly<{ slug: string; room: RoomInfo; canWrite: boolean }>) {
  return (
    <div data-testid="room-archived" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-zinc-300 bg-zinc-50 px-3 py-2 text-sm text-zinc-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200">
      <p>This room is archived: it is out of the lists and no agent runs here. Its conversation stays readable.</p>
      {canWrite ? <RestoreRoomButton slug={slug} roomId={room.id} name={room.name} /> : null}
    </div>
  );
}
