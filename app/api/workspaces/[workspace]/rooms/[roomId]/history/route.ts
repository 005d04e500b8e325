import { getRoomHistory } from "@/lib/rooms/get-room-history";
import { historyQuery } from "@/lib/rooms/schemas";
import { withWorkspace } from "@/server/with-workspace";

/** A page of a conversation's history: messages with their runs and tool calls, by cursor (M1: threads too). */
export const GET = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ req, prisma, workspace, params }) => {
    const query = historyQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
    return Response.json(await getRoomHistory(prisma, workspace.id, params.roomId, query));
  },
  { permission: "read" },
);
