import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { getPrisma } from "@/lib/db/client";
import { latestEventId } from "@/lib/events/latest-event-id";
import { listAgents } from "@/lib/agents/list-agents";
import { listRepositories } from "@/lib/repositories/list-repositories";
import { listRooms } from "@/lib/rooms/list-rooms";
import { RoomsList } from "@/components/rooms/rooms-list";
import { requireMembership } from "./require-membership";

export const metadata: Metadata = { title: "Rooms" };

export default async function RoomsPage({ params }: Readonly<{ params: Promise<{ workspace: string }> }>) {
  const { workspace } = await params;
  const { membership } = await requireMembership(workspace);
  const prisma = await getPrisma();
  const [rooms, repositories, agents, lastEventId] = await Promise.all([
    listRooms(prisma, membership.workspaceId),
    listRepositories(prisma, membership.workspaceId),
    listAgents(prisma, membership.workspaceId),
    // The newest workspace event: the live badges continue from exactly this snapshot.
    latestEventId(prisma, { workspaceId: membership.workspaceId }),
  ]);
  return (
    <RoomsList
      slug={membership.workspace.slug}
      workspaceName={membership.workspace.name}
      initialRooms={rooms}
      lastEventId={lastEventId}
      repositories={repositories}
      agents={agents}
      canWrite={can(membership.role, "write")}
    />
  );
}
