import { roomSearchQuery } from "@/lib/rooms/schemas";
import { searchRoom } from "@/lib/rooms/search-room";
import { withWorkspace } from "@/server/with-workspace";

/** Find in a room: its messages and tool calls matching ?q=, newest first. */
export const GET = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ req, prisma, workspace, params }) => {
    const { q, limit } = roomSearchQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
    return Response.json({ results: await searchRoom(prisma, workspace.id, params.roomId, q, limit) });
  },
  { permission: "read" },
);
