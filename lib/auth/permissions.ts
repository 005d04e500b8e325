/**
 * Who may do what in a workspace: viewers read; members post, switch modes and
 * decide approvals; admins manage members, agents and repositories; owners
 * everything.
 */
export type Role = "owner" | "admin" | "member" | "viewer";
export type Permission = "read" | "write" | "manage" | "own";

const RANK: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };
const NEEDS: Record<Permission, Role> = { read: "viewer", write: "member", manage: "admin", own: "owner" };

export const PERMISSION_VERBS: Record<Permission, string> = {
  read: "read this workspace",
  write: "post, switch modes or decide approvals",
  manage: "manage members, agents and repositories",
  own: "do this (owners only)",
};

export function can(role: Role, permission: Permission): boolean {
  return RANK[role] >= RANK[NEEDS[permission]];
}

/** Whether `role` may give someone `target` (nobody hands out more than they have). */
export function canGrant(role: Role, target: Role): boolean {
  return can(role, "manage") && RANK[role] >= RANK[target];
}

/** Whether going from `from` to `to` lowers a person's role. */
export function lowers(from: Role, to: Role): boolean {
  return RANK[to] < RANK[from];
}
