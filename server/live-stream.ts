import "server-only";
/**
 * Opens an SSE stream on a topic through the process's event hub. Members and
 * above count as "someone who could approve is connected" while it is open (G4).
 */
import { can, type Role } from "@/lib/auth/permissions";
import { getDatabase } from "@/lib/db/client";
import { getEventHub } from "@/lib/events/event-hub";
import { openEventStream } from "@/lib/events/open-event-stream";
import { startPresence } from "@/lib/presence/track-presence";
import type { SessionUser } from "./session";

export async function liveStream(input: { req: Request; topic: string; after: bigint; user: SessionUser; workspaceId: string; role: Role }): Promise<Response> {
  const db = await getDatabase();
  const hub = await getEventHub(getDatabase);
  return openEventStream({
    hub,
    topic: input.topic,
    after: input.after,
    signal: input.req.signal,
    onOpen: can(input.role, "write") ? () => startPresence(db.prisma, { userId: input.user.id, workspaceId: input.workspaceId }) : undefined,
  });
}
