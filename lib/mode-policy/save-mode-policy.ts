import "server-only";
/**
 * X1, G7: an admin saves the workspace's declared modes. The policy is checked
 * by the one validation, stored as versioned JSON and audited with the surface
 * diff it causes, so the log says what the edit changed for each agent.
 */
import type { Prisma as Db, PrismaClient } from "../db/generated/client";
import { workspaceToolSpecs } from "../mcp-client/run-mcp-tools";
import { parseStoredPolicy } from "../modes/resolve-profile";
import { parseModePolicy } from "./check-mode-policy";
import { viewOf, type ModePolicyView } from "./get-mode-policy";
import { previewPolicy } from "./preview-mode-policy";

export async function saveModePolicy(
  prisma: PrismaClient,
  ctx: { workspaceId: string; userId: string },
  body: unknown,
  /** where the policy came from when a repository's gatehouse.modes.json was imported */
  source?: { repository: string; commit: string },
): Promise<ModePolicyView> {
  const policy = parseModePolicy(body);
  return prisma.$transaction(async (tx) => {
    const row = await tx.workspace.findUniqueOrThrow({ where: { id: ctx.workspaceId }, select: { modePolicy: true } });
    const before = parseStoredPolicy(row.modePolicy);
    const agents = await tx.agent.findMany({ where: { workspaceId: ctx.workspaceId }, select: { id: true, name: true, restrictModules: true, moduleAllowlist: true } });
    const preview = previewPolicy(before, policy, agents, await workspaceToolSpecs(tx, ctx.workspaceId));
    await tx.workspace.update({ where: { id: ctx.workspaceId }, data: { modePolicy: policy as unknown as Db.InputJsonValue } });
    await tx.auditEvent.create({
      data: {
        workspaceId: ctx.workspaceId,
        actorId: ctx.userId,
        action: "workspace.modes_updated",
        targetType: "workspace",
        targetId: ctx.workspaceId,
        data: { modes: policy.modes.map((m) => m.id), changes: preview.changes, source: source ?? null } as unknown as Db.InputJsonValue,
      },
    });
    return viewOf(policy);
  });
}
