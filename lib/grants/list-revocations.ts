import "server-only";
/**
 * H3: what ended when someone was removed or demoted, newest first, for the
 * members page: what it was, whose it was, who made the change and why, and
 * what can be done about it. Each record is parsed with its versioned schema;
 * one this build cannot read is shown as such, never guessed at.
 */
import type { PrismaClient } from "../db/generated/client";
import { GRANT_KINDS, REVOCATION_ACTIONS, revocationData, type RevocationEffect, type RevocationView } from "./schemas";

const LIMIT = 200;

export async function listRevocations(prisma: PrismaClient, workspaceId: string): Promise<RevocationView[]> {
  const rows = await prisma.auditEvent.findMany({
    where: { workspaceId, action: { in: Object.values(REVOCATION_ACTIONS) } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: LIMIT,
  });
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => id !== null))];
  const actors = new Map((await prisma.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true, email: true } })).map((u) => [u.id, u]));
  return rows.map((row) => {
    const effect = (Object.keys(REVOCATION_ACTIONS) as RevocationEffect[]).find((key) => REVOCATION_ACTIONS[key] === row.action) ?? "revoked";
    const actor = row.actorId ? actors.get(row.actorId) : undefined;
    const by = actor ? { name: actor.name, email: actor.email } : null;
    const parsed = revocationData.safeParse(row.data);
    if (!parsed.success) {
      return { id: row.id, at: row.createdAt.toISOString(), effect, kind: GRANT_KINDS[0], what: "A record this version of Gatehouse cannot read", holder: { name: "unknown", email: "" }, by, why: "unknown", remedy: null };
    }
    const { kind, what, holder, change, remedy } = parsed.data;
    const why = change.to === null ? `${holder.name} was removed from the workspace` : `${holder.name} was changed from ${change.from} to ${change.to}`;
    return { id: row.id, at: row.createdAt.toISOString(), effect, kind, what, holder: { name: holder.name, email: holder.email }, by, why, remedy };
  });
}
