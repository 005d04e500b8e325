import "server-only";
import type { PrismaClient } from "../db/generated/client";
import { ROLES, type MemberView } from "./schemas";
import { memberSelect, toMemberView } from "./to-member-view";

/** Everyone in the workspace, owners first, then by name. */
export async function listMembers(prisma: PrismaClient, workspaceId: string): Promise<MemberView[]> {
  const rows = await prisma.membership.findMany({ where: { workspaceId }, select: memberSelect });
  return rows
    .map(toMemberView)
    .sort((a, b) => ROLES.indexOf(a.role) - ROLES.indexOf(b.role) || a.user.name.localeCompare(b.user.name));
}
