import "server-only";
/**
 * A new workspace with its creator as owner. The slug comes from the name and
 * is made unique: the next free "name-N" is chosen inside the transaction, and
 * when a concurrent creation takes it first the unique index refuses ours and
 * we try again, so two teams called "Acme" never share a URL.
 */
import { recordAudit } from "../audit/record-audit";
import { randomBytes } from "node:crypto";
import type { PrismaClient, Prisma as Db } from "../db/generated/client";
import { retryOnUniqueViolation } from "../db/unique-violation";
import { createWorkspaceBody, type CreateWorkspaceBody, type WorkspaceSummary } from "./schemas";
import { SLUG_MAX_LENGTH, slugCandidate, slugify } from "./slugify";

/** Lost races before a random suffix ends the contention at once. */
const NUMBERED_ATTEMPTS = 10;
const TOTAL_ATTEMPTS = NUMBERED_ATTEMPTS + 3;

export async function createWorkspace(prisma: PrismaClient, userId: string, input: CreateWorkspaceBody): Promise<WorkspaceSummary> {
  const { name } = createWorkspaceBody.parse(input);
  const base = slugify(name);
  // The only unique field written here is the slug: a violation means a lost race.
  return retryOnUniqueViolation(
    (attempt) =>
      prisma.$transaction(async (tx) => {
        const slug = attempt <= NUMBERED_ATTEMPTS ? await nextFreeSlug(tx, base) : randomSlug(base);
        const workspace = await tx.workspace.create({ data: { name, slug } });
        await tx.membership.create({ data: { workspaceId: workspace.id, userId, role: "owner" } });
        await recordAudit(tx, {
          workspaceId: workspace.id,
          actorId: userId,
          action: "workspace.created",
          targetType: "workspace",
          targetId: workspace.id,
          data: { name, slug },
        });
        return { id: workspace.id, slug, name, role: "owner" as const, createdAt: workspace.createdAt.toISOString() };
      }),
    { attempts: TOTAL_ATTEMPTS },
  );
}

async function nextFreeSlug(tx: Db.TransactionClient, base: string): Promise<string> {
  const rows = await tx.workspace.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } });
  const taken = new Set(rows.map((w) => w.slug));
  for (let n = 1; ; n++) {
    const candidate = slugCandidate(base, n);
    if (!taken.has(candidate)) return candidate;
  }
}

function randomSlug(base: string): string {
  return `${base.slice(0, SLUG_MAX_LENGTH - 7).replace(/-+$/, "")}-${randomBytes(3).toString("hex")}`;
}
