import "server-only";
/**
 * H3 at use time: configuration works only while the person who set it may
 * still manage the workspace. Revoking it when they are removed or demoted
 * (end-grants.ts) is the first copy; this is the second, for any path that
 * ends a membership without passing there. A setter of null was recorded
 * before setters were: that configuration is the workspace's.
 */
import type { Prisma as Db } from "../db/generated/client";
import { CONFIGURING_ROLES } from "./grant-rules";

type MembershipReader = Pick<Db.TransactionClient, "membership">;

export interface SetBy {
  workspaceId: string;
  setById: string | null;
}

/** Keeps the items whose setter still holds the authority they need. */
export async function whereSetterHolds<T extends SetBy>(db: MembershipReader, items: T[]): Promise<T[]> {
  const recorded = items.filter((item) => item.setById !== null);
  if (recorded.length === 0) return items;
  const holding = await db.membership.findMany({
    where: { OR: recorded.map((item) => ({ workspaceId: item.workspaceId, userId: item.setById! })), role: { in: CONFIGURING_ROLES } },
    select: { workspaceId: true, userId: true },
  });
  const holds = new Set(holding.map((m) => `${m.workspaceId}\u0000${m.userId}`));
  return items.filter((item) => item.setById === null || holds.has(`${item.workspaceId}\u0000${item.setById}`));
}

export async function setterHolds(db: MembershipReader, item: SetBy): Promise<boolean> {
  return (await whereSetterHolds(db, [item])).length === 1;
}
