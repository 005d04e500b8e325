import "server-only";
/**
 * H5: signing out revokes the session row and tells every process, so a copy
 * of the cookie stops working at once here and within moments elsewhere.
 */
import type { PrismaClient } from "../db/generated/client";
import { notifyAccessChange } from "./access-notice";

export async function revokeSession(prisma: PrismaClient, sessionId: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
    await notifyAccessChange(tx, { kind: "session", sessionId });
  });
}
