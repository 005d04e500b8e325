import "server-only";
/**
 * R10: read a pull request's findings' discussion threads for a follow-up
 * review (queue-review.ts appends the text to the review request), so a
 * reviewer — a model, or the built-in one — sees "this is intended because …"
 * before it reviews the new head. The text and its bounds: discussion-text.ts.
 */
import type { Prisma as Db } from "../db/generated/client";
import { formatDiscussions, MAX_DISCUSSED_FINDINGS, MAX_REPLIES_PER_FINDING } from "./discussion-text";

export async function findingDiscussions(tx: Pick<Db.TransactionClient, "finding" | "user">, pullRequestId: string): Promise<string> {
  const findings = await tx.finding.findMany({
    where: { pullRequestId, replies: { some: {} } },
    select: {
      id: true,
      kind: true,
      priority: true,
      title: true,
      status: true,
      file: true,
      startLine: true,
      endLine: true,
      replies: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: MAX_REPLIES_PER_FINDING, select: { author: true, authorUserId: true, body: true, createdAt: true } },
    },
  });
  if (findings.length === 0) return "";
  const newest = (f: (typeof findings)[number]) => f.replies[0]?.createdAt.getTime() ?? 0;
  const shown = findings.sort((a, b) => newest(b) - newest(a)).slice(0, MAX_DISCUSSED_FINDINGS);
  const ids = [...new Set(shown.flatMap((f) => f.replies.flatMap((r) => (r.authorUserId ? [r.authorUserId] : []))))];
  const users = ids.length ? await tx.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  return formatDiscussions(
    shown.map((f) => ({
      ...f,
      replies: [...f.replies].reverse().map((r) => ({
        who: r.author.startsWith("agent:") ? `${r.author.slice("agent:".length)} (agent)` : ((r.authorUserId && names.get(r.authorUserId)) ?? "Someone"),
        body: r.body,
      })),
    })),
    findings.length - shown.length,
  );
}
