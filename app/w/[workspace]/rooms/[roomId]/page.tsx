import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { can } from "@/lib/auth/permissions";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getRoomView } from "@/lib/rooms/get-room-view";
import { RoomPage } from "@/components/rooms/room-page";
import { requireMembership } from "../../require-membership";

type Props = { params: Promise<{ workspace: string; roomId: string }> };

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

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspace, roomId } = await params;
  const { view } = await loadRoom(workspace, roomId);
  return { title: view.room.name };
}

export default async function RoomRoute({ params }: Readonly<Props>) {
  const { workspace, roomId } = await params;
  const { membership, view } = await loadRoom(workspace, roomId);
  return <RoomPage key={view.room.id} slug={membership.workspace.slug} initialView={view} canWrite={can(membership.role, "write")} />;
}
