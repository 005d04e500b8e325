/**
 * H3: what an invitee reads when the invite's creator can no longer give its
 * role — removed from the workspace, or demoted below it. Unlike a used or
 * expired link this names the reason, so the invitee knows to ask someone
 * else, but like them it does not name the workspace.
 */
import type { Role } from "../auth/permissions";
import { article } from "../workspaces/actor";

export function creatorCannotGrant(role: Role): string {
  return `This invite no longer works: the person who made it can no longer make anyone ${article(role)} ${role} in that workspace. Ask one of its admins for a new invite.`;
}
