import "server-only";
/**
 * X1: a workspace's mode policy as people and the new-room dialog see it —
 * the stored declaration, the modes a room can be in and the default.
 */
import type { PrismaClient } from "../db/generated/client";
import { profileView, type ModeProfileView } from "../modes/profile-view";
import { defaultChoice, parseStoredPolicy, selectableProfiles, type DefaultModeReason } from "../modes/resolve-profile";
import type { ModePolicy } from "../modes/declared";
import { TOOL_SPECS } from "../tools/registry";

export interface ModePolicyView {
  policy: ModePolicy;
  selectable: ModeProfileView[];
  defaultMode: string;
  /** X1: why fresh rooms start there — a default someone set, the first declared mode, or Agent */
  defaultReason: DefaultModeReason;
  /** every tool a grant may name */
  tools: { name: string; tier: string; scope: string }[];
}

export async function getModePolicy(prisma: PrismaClient, workspaceId: string): Promise<ModePolicyView> {
  const row = await prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { modePolicy: true } });
  return viewOf(parseStoredPolicy(row.modePolicy));
}

export function viewOf(policy: ModePolicy): ModePolicyView {
  const choice = defaultChoice(policy);
  return {
    policy,
    selectable: selectableProfiles(policy).map(profileView),
    defaultMode: choice.profile.id,
    defaultReason: choice.reason,
    tools: TOOL_SPECS.map(({ name, tier, scope }) => ({ name, tier, scope })),
  };
}
