/**
 * H3: the record of a grant that ended with its authority — an audit row
 * ("grant.revoked"; "grant.capped" for what goes on with less; "grant.kept"
 * for what goes on as the workspace's but needs a person to look at it) whose
 * data is parsed with this versioned schema wherever it is read.
 */
import { z } from "zod";
import type { Role } from "../auth/permissions";

// Not lib/members' schema: members end grants, so grants cannot import members.
const role = z.enum(["owner", "admin", "member", "viewer"] as const satisfies readonly Role[]);

export const GRANT_KINDS = ["invite", "workspace_webhook", "repository_webhook_secret", "repository_github_token", "mcp_server", "mcp_tokens", "agent_endpoint"] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

export const REVOCATION_ACTIONS = { revoked: "grant.revoked", capped: "grant.capped", kept: "grant.kept" } as const;
export type RevocationEffect = keyof typeof REVOCATION_ACTIONS;

export const revocationData = z.object({
  v: z.literal(1),
  kind: z.enum(GRANT_KINDS),
  /** what it was, in words, as it stood when it ended */
  what: z.string(),
  /** whose it was: who made or set it */
  holder: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** why: the holder's role before and after (to null: removed from the workspace) */
  change: z.object({ from: role, to: role.nullable() }),
  /** what a person can do about it, if anything */
  remedy: z.string().nullable(),
});
export type RevocationData = z.infer<typeof revocationData>;

export interface RevocationView {
  id: string;
  at: string;
  effect: RevocationEffect;
  kind: GrantKind;
  what: string;
  holder: { name: string; email: string };
  /** who removed or demoted the holder (null: that account is gone) */
  by: { name: string; email: string } | null;
  why: string;
  remedy: string | null;
}
