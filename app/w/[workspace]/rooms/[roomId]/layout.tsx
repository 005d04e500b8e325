import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { getPrisma } from "@/lib/db/client";
import { requireMembership } from "../../require-membership";

type Props = { params: Promise<{ workspace: string; roomId: string }> };

/**
 * A room that is not in this workspace answers 404 — the status, not only the
 * page: the page itself streams behind loading.tsx, too late to set it. This
 * check is one indexed lookup, so the skeleton still shows while the room loads.
 */
export default async function RoomLayout({ params, children }: Readonly<Props & { children: ReactNode }>) {
  const { workspace, roomId } = await params;
  const { membership } = await requireMembership(workspace);
  const room = await (await getPrisma()).room.findFirst({ where: { id: roomId, workspaceId: membership.workspaceId }, select: { id: true } });
  if (!room) notFound();
  return children;
}
