import "server-only";
/** R10: a finding's discussion thread, oldest reply first; anyone who may read the workspace reads it. */
import type { PrismaClient } from "../db/generated/client";
import { toReplyView, type FindingReplyView } from "./finding-reply-view";
import { findScopedFinding, userNames, type FindingRef } from "./get-finding";

export async function listFindingReplies(prisma: PrismaClient, ref: FindingRef): Promise<FindingReplyView[]> {
  await findScopedFinding(prisma, ref);
  const rows = await prisma.findingReply.findMany({ where: { findingId: ref.findingId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const names = await userNames(prisma, rows.flatMap((r) => (r.authorUserId ? [r.authorUserId] : [])));
  return rows.map((r) => toReplyView(r, names));
}
