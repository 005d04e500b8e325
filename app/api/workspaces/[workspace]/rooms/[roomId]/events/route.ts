import { notFound } from "@/lib/errors/app-error";
import { eventCursor } from "@/lib/rooms/schemas";
import { liveStream } from "@/server/live-stream";
import { withWorkspace } from "@/server/with-workspace";

export const dynamic = "force-dynamic";

/** Live room events over SSE, resumed from Last-Event-ID (or ?after=) after a reconnect. */
export const GET = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const room = await prisma.room.findFirst({ where: { id: params.roomId, workspaceId: workspace.id }, select: { id: true } });
    if (!room) throw notFound("That room");
    const raw = req.headers.get("last-event-id") ?? new URL(req.url).searchParams.get("after") ?? "0";
    return liveStream({ req, topic: `room:${room.id}`, after: eventCursor.parse(raw), user, workspaceId: workspace.id, role });
  },
  { permission: "read" },
);
