"use client";
import Link from "next/link";
import { useParams } from "next/navigation";

/** A room that does not exist — or belongs to a workspace the viewer is not in — looks the same (404). */
export default function RoomNotFound() {
  const params = useParams<{ workspace: string }>();
  return (
    <div data-testid="room-not-found" className="mx-auto max-w-md rounded-lg border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      <h1 className="text-base font-semibold">Room not found</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">It may have been removed, or the link is wrong.</p>
      <Link
        href={params.workspace ? `/w/${encodeURIComponent(params.workspace)}` : "/w"}
        className="mt-4 inline-block text-sm font-medium text-indigo-700 underline dark:text-indigo-300"
      >
        Back to the rooms
      </Link>
    </div>
  );
}
