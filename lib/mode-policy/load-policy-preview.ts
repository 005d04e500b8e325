import "server-only";
/**
 * G7, G8: the preview of a policy against what the workspace has now — its
 * stored policy, its agents and the rooms in declared modes — read in one
 * place for the preview endpoints and for the save, which audits the same.
 */
import { Prisma as Db, type PrismaClient } from "../db/generated/client";
import type { ModePolicy } from "../modes/declared";
import { workspaceToolSpecs } from "../mcp-client/run-mcp-tools";
import { parseStoredPolicy } from "../modes/resolve-profile";
import { previewPolicy, type PolicyPreview } from "./preview-mode-policy";

type Reader = Pick<PrismaClient, "workspace" | "room" | "attachedMcpServer" | "membership"> | Db.TransactionClient;

/** Only rooms with a declaration of their own can be moved by a policy (lib/mode-policy/room-policy-target.ts). */
export const ROOMS_IN_DECLARED_MODES = { modeDeclaration: { not: Db.DbNull } } as const;

export async function loadPolicyPreview(db: Reader, workspaceId: string, next: ModePolicy): Promise<{ current: ModePolicy; preview: PolicyPreview }> {
  const [row, rooms, specs] = await Promise.all([
    db.workspace.findUniqueOrThrow({
      where: { id: workspaceId },
      select: { modePolicy: true, agents: { select: { name: true, restrictModules: true, moduleAllowlist: true } } },
    }),
    db.room.findMany({
      where: { workspaceId, ...ROOMS_IN_DECLARED_MODES },
      select: { id: true, name: true, mode: true, modeDeclaration: true, autonomy: true, planShell: true, agent: { select: { restrictModules: true, moduleAllowlist: true } } },
      orderBy: { createdAt: "asc" },
    }),
    workspaceToolSpecs(db, workspaceId),
  ]);
  const current = parseStoredPolicy(row.modePolicy);
  return { current, preview: previewPolicy(current, next, row.agents, rooms, specs) };
}
