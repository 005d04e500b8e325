/**
 * H3, H5: what a grant needs of the person who made it. An invite admits with
 * a role, so it lasts while its creator may grant that role (the same rule as
 * making it: lib/auth/permissions `canGrant`). Configuration that reaches into
 * or out of the workspace with a credential — the outgoing webhook, a
 * repository's webhook secret or GitHub token, an attached MCP server — needs
 * an admin to set, so it lasts while its setter may still manage the
 * workspace. A personal MCP token is its owner: it acts with their role of
 * the moment and nothing more. Pure, so the revocation at a removal and every
 * check at use time apply the very same rule.
 */
import { can, canGrant, type Role } from "../auth/permissions";

/** `role` null: no longer a member. */
export function inviteHolds(creatorRole: Role | null, inviteRole: Role): boolean {
  return creatorRole !== null && canGrant(creatorRole, inviteRole);
}

/** `role` null: no longer a member. */
export function configurationHolds(setterRole: Role | null): boolean {
  return setterRole !== null && can(setterRole, "manage");
}

/** The roles whose configuration holds, for queries. */
export const CONFIGURING_ROLES = (["owner", "admin", "member", "viewer"] as const satisfies readonly Role[]).filter((role) => configurationHolds(role));
