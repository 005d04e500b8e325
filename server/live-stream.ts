import "server-only";
/**
 * Opens an SSE stream on a topic through the process's event hub. Members and
 * above count as "someone who could approve is connected" while it is open (G4).
 *
 * H5: a stream lives only as long as the access it was opened with. It closes,
 * and delivers nothing more, when the person's membership of the workspace is
 * removed or its role changes (a reconnect then gets what the new role allows:
 * a removed member gets 404) or when their session is signed out — in any
 * process, by the access notice. Membership and session are also re-read once
 * after the stream registers for notices and before it sends anything (a
 * change committed between the route's check and the registration is not
 * missed), and every RECHECK_MS (a lost notice costs at most that long).
 */
import { can, type Role } from "@/lib/auth/permissions";
import { getDatabase } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getEventHub } from "@/lib/events/event-hub";
import { openEventStream } from "@/lib/events/open-event-stream";
import { startPresence } from "@/lib/presence/track-presence";
import { onAccessChange, watchAccess } from "./access-watch";
import { activeSessionUser, type SessionUser } from "./session";
import { shutdownSignal } from "./shutdown";

const RECHECK_MS = 30_000;

export async function liveStream(input: { req: Request; topic: string; after: bigint; user: SessionUser; workspaceId: string; role: Role }): Promise<Response> {
  const db = await getDatabase();
  const hub = await getEventHub(getDatabase);
  await watchAccess();
  const { user, workspaceId, role } = input;
  // A server that is shutting down opens no stream; the browser retries and reaches the next one.
  if (shutdownSignal().aborted) throw new AppError("unavailable", "This server is shutting down; the page reconnects by itself.");

  const revoked = new AbortController();
  const stopWatching = onAccessChange((notice) => {
    if (notice.kind === "membership" && notice.workspaceId === workspaceId && notice.userId === user.id) revoked.abort();
    if (notice.kind === "session" && notice.sessionId === user.sessionId) revoked.abort();
  });
  const stillAllowed = async (): Promise<boolean> => {
    const membership = await db.prisma.membership.findFirst({ where: { userId: user.id, workspaceId }, select: { role: true } });
    if (membership?.role !== role) return false;
    return (await activeSessionUser(user.sessionId))?.id === user.id;
  };
  const recheck = () =>
    void stillAllowed()
      .then((ok) => ok || revoked.abort())
      .catch(() => undefined);
  const timer = setInterval(recheck, RECHECK_MS);
  const release = () => {
    stopWatching();
    clearInterval(timer);
  };
  revoked.signal.addEventListener("abort", release);
  input.req.signal.addEventListener("abort", release);
  if (!(await stillAllowed().catch(() => false))) {
    release();
    throw new AppError("not_found", "That workspace was not found.");
  }

  return openEventStream({
    hub,
    topic: input.topic,
    after: input.after,
    signal: input.req.signal,
    // H5: access lost, or the process shutting down, ends the stream from the server's side.
    closeSignal: AbortSignal.any([revoked.signal, shutdownSignal()]),
    onOpen: async () => {
      const stopPresence = can(role, "write") ? await startPresence(db.prisma, { userId: user.id, workspaceId }) : null;
      return async () => {
        release();
        await stopPresence?.();
      };
    },
  });
}
