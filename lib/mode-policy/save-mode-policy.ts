import "server-only";
/**
 * X1, G7, G8: an admin saves the workspace's declared modes. The policy is
 * checked by the one validation and stored as versioned JSON; in the same
 * transaction every room it moves goes through the one mode transition
 * (./apply-policy-to-rooms.ts), and the edit is audited with the surface diff
 * and the rooms it moved or holds for approval — the same preview people saw
 * before saving. One transaction, no nested ones, so it runs on PGlite too.
 */
import { recordAudit } from "../audit/record-audit";
import type { Prisma as Db, PrismaClient } from "../db/generated/client";
import { applyPolicyToRooms } from "./apply-policy-to-rooms";
import { parseModePolicy } from "./check-mode-policy";
import { viewOf, type ModePolicyView } from "./get-mode-policy";
import { loadPolicyPreview } from "./load-policy-preview";

/** Every room of a workspace can be moved by one save; each move is a few statements. */
const SAVE_TIMEOUT_MS = 120_000;

export async function saveModePolicy(
  prisma: PrismaClient,
  ctx: { workspaceId: string; userId: string },
  body: unknown,
  /** where the policy came from when a repository's gatehouse.modes.json was imported */
  source?: { repository: string; commit: string },
): Promise<ModePolicyView> {
  const policy = parseModePolicy(body);
  return prisma.$transaction(
    async (tx) => {
      // Two saves of one workspace are serialised, so each moves rooms from what the other stored.
      await tx.$queryRaw`SELECT "id" FROM "Workspace" WHERE "id" = ${ctx.workspaceId} FOR UPDATE`;
      const { preview } = await loadPolicyPreview(tx, ctx.workspaceId, policy);
      await tx.workspace.update({ where: { id: ctx.workspaceId }, data: { modePolicy: policy as unknown as Db.InputJsonValue } });
      const rooms = await applyPolicyToRooms(tx, ctx, policy);
      await recordAudit(tx, {
        workspaceId: ctx.workspaceId,
        actorId: ctx.userId,
        action: "workspace.modes_updated",
        targetType: "workspace",
        targetId: ctx.workspaceId,
        data: { modes: policy.modes.map((m) => m.id), changes: preview.changes, rooms, source: source ?? null },
      });
      return viewOf(policy);
    },
    { timeout: SAVE_TIMEOUT_MS },
  );
}
