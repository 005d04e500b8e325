import "server-only";
/**
 * H5: "someone's access changed" travels to every process by NOTIFY, so a
 * removed member's open streams close and a signed-out session stops working
 * everywhere at once, not only in the process that made the change. Sent
 * inside the writing transaction, a notice is delivered on commit, in commit
 * order with the event notices on the same listening connection.
 */
import { z } from "zod";
import type { PrismaClient } from "../db/generated/client";

export const ACCESS_CHANNEL = "gatehouse_access";

export const accessNotice = z.discriminatedUnion("kind", [
  /** a membership was removed or its role changed */
  z.object({ kind: z.literal("membership"), workspaceId: z.string(), userId: z.string() }),
  /** a session was revoked (signed out) */
  z.object({ kind: z.literal("session"), sessionId: z.string() }),
]);

export type AccessNotice = z.infer<typeof accessNotice>;

export async function notifyAccessChange(sql: Pick<PrismaClient, "$executeRaw">, notice: AccessNotice): Promise<void> {
  await sql.$executeRaw`SELECT pg_notify(${ACCESS_CHANNEL}, ${JSON.stringify(notice)})`;
}

/** A notice off the wire, or null when it is not one of ours. */
export function parseAccessNotice(payload: string): AccessNotice | null {
  try {
    const parsed = accessNotice.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
