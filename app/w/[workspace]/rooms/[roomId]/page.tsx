import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { can } from "@/lib/auth/permissions";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getRoomHistory } from "@/lib/rooms/get-room-history";
import { getRoomView } from "@/lib/rooms/get-room-view";
import { RoomPage } from "@/components/rooms/room-page";
import { requireMembership } from "../../require-membership";

type Props = { params: Promise<{ workspace: string; roomId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One read per request, shared by the metadata and the page; a room of another workspace is a 404. */
const loadRoom = cache(async (slug: string, roomId: string) => {
  const { membership } = await requireMembership(slug);
  try {
    return { membership, view: await getRoomView(await getPrisma(), membership.workspaceId, roomId) };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});

/**
 * The first history page, read after the head so the live stream (from the head's
 * lastEventId) covers everything after it: around the message, run or tool call a
 * link names (?message=, ?run=, ?call=), else the newest page. A link to something
 * that is not in this room opens the newest page instead of failing the room.
 */
async function firstPage(workspaceId: string, roomId: string, anchor: string | null) {
  const prisma = await getPrisma();
  if (anchor) {
    try {
      return { history: await getRoomHistory(prisma, workspaceId, roomId, { around: anchor }), anchor };
    } catch (error) {
      if (!(error instanceof AppError && error.code === "not_found")) throw error;
    }
  }
  return { history: await getRoomHistory(prisma, workspaceId, roomId), anchor: null };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace, roomId } = await params;
  const { view } = await loadRoom(workspace, roomId);
  return { title: view.room.name };
}

export default async function RoomRoute({ params, searchParams }: Readonly<Props>) {
  const { workspace, roomId } = await params;
  const query = await searchParams;
  const named = [query.message, query.call, query.run].find((v): v is string => typeof v === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(v)) ?? null;
  const { membership, view } = await loadRoom(workspace, roomId);
  const { history, anchor } = await firstPage(membership.workspaceId, roomId, named);
  return (
    <RoomPage
      key={view.room.id}
      slug={membership.workspace.slug}
      initialView={view}
      initialHistory={history}
      initialAnchor={anchor}
      canWrite={can(membership.role, "write")}
    />
  );
}
