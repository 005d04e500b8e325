import "server-only";
import type { PrismaClient } from "../db/generated/client";
import { handlesFor } from "../notifications/mentions";
import { ROLES, type MemberView } from "./schemas";
import { memberSelect, toMemberView } from "./to-member-view";

/** Everyone in the workspace, owners first, then by name, each with the handle that names only them here. */
export async function listMembers(prisma: PrismaClient, workspaceId: string): Promise<MemberView[]> {
  const rows = await prisma.membership.findMany({ where: { workspaceId }, select: memberSelect });
  const handles = handlesFor(rows.map((r) => r.user));
  return rows
    .map((row) => ({ ...toMemberView(row), handle: handles.get(row.user.id) }))
    .sort((a, b) => ROLES.indexOf(a.role) - ROLES.indexOf(b.role) || a.user.name.localeCompare(b.user.name));
}
