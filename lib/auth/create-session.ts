import "server-only";
/**
 * H5: a browser session, created at sign-in. Its id rides in the (encrypted)
 * session JWT; every request checks the row, so revoking it ends the session
 * wherever its cookie went. The row's expiry is absolute: rolling the JWT
 * does not extend it.
 */
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../db/generated/client";

export async function createSession(prisma: PrismaClient, userId: string, maxAgeSeconds: number): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  await prisma.session.create({ data: { id, userId, expiresAt: new Date(Date.now() + maxAgeSeconds * 1000) } });
  return id;
}
