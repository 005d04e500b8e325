import { eventCursor } from "@/lib/rooms/schemas";
import { liveStream } from "@/server/live-stream";
import { withWorkspace } from "@/server/with-workspace";

export const dynamic = "force-dynamic";

/** Workspace-wide live events (the inbox, room list badges) over SSE. */
export const GET = withWorkspace(
  async ({ req, workspace, user, role }) => {
    const raw = req.headers.get("last-event-id") ?? new URL(req.url).searchParams.get("after") ?? "0";
    return liveStream({ req, topic: `workspace:${workspace.id}`, after: eventCursor.parse(raw), user, workspaceId: workspace.id, role });
  },
  { permission: "read" },
);
