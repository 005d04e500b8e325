/**
 * Who is acting in a workspace. Route handlers build it from the membership
 * `withWorkspace` resolved; lib operations check it again, so a caller that
 * skips the wrapper (a script, the MCP server) cannot skip the rule.
 */
import { can, PERMISSION_VERBS, type Permission, type Role } from "../auth/permissions";
import { AppError } from "../errors/app-error";

export interface WorkspaceActor {
  workspaceId: string;
  userId: string;
  role: Role;
}

export function assertCan(actor: WorkspaceActor, permission: Permission): void {
  if (!can(actor.role, permission)) {
    throw new AppError("forbidden", `As ${article(actor.role)} ${actor.role} you cannot ${PERMISSION_VERBS[permission]}.`);
  }
}

export function article(role: Role): "a" | "an" {
  return role === "owner" || role === "admin" ? "an" : "a";
}
