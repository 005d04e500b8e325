import "server-only";
/**
 * Issue 24: the claim filter for host affinity. A job that needs a room's
 * worktree — advancing a run in a room that has one, or delivering a ticket
 * (its leftovers are committed in its room's worktree) — is claimable only by
 * the host whose disk holds that worktree while that host's heartbeat is
 * fresh; once the heartbeat is older than the dead threshold, by any host
 * (which rebuilds the worktree from the room's refs: adopt-room.ts). A room
 * whose host never wrote a heartbeat (the web process made it) binds nobody.
 *
 * An SQL condition on the job row the claim query is looking at (aliased
 * `j` there), so the queue itself knows nothing about hosts.
 */
import { Prisma } from "../db/generated/client";

export function hostAffinity(hostId: string, deadMs: number): Prisma.Sql {
  const dead = `${Math.ceil(deadMs)} milliseconds`;
  return Prisma.sql`NOT EXISTS (
    SELECT 1 FROM "Room" rm JOIN "Host" h ON h."id" = rm."hostId"
    WHERE rm."id" = (CASE j."kind"
        WHEN 'run.advance' THEN (SELECT r."roomId" FROM "Run" r WHERE r."id" = j."payload"->>'runId')
        WHEN 'ticket.deliver' THEN (SELECT t."stepRoomId" FROM "Ticket" t WHERE t."id" = j."payload"->>'ticketId')
      END)
      AND rm."worktreePath" IS NOT NULL AND h."id" <> ${hostId} AND h."heartbeatAt" > now() - ${dead}::interval)`;
}
