import "server-only";
/**
 * H5: the person behind a session id, or null when the session was revoked,
 * has expired, or its user is gone. One primary-key read with a join.
 */
import type { PrismaClient } from "../db/generated/client";

export interface ActiveSession {
  sessionId: string;
  user: { id: string; email: string; name: string };
}

export async function findActiveSession(prisma: PrismaClient, sessionId: string): Promise<ActiveSession | null> {
  const row = await prisma.session.findUnique({
    where: { id: sessionId },
    select: { expiresAt: true, revokedAt: true, user: { select: { id: true, email: true, name: true } } },
  });
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
  return { sessionId, user: row.user };
}
