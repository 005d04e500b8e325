/** Invite bodies and the view of an invite the browser gets. */
import { z } from "zod";
import type { Role } from "../auth/permissions";
import { roleSchema } from "../members/schemas";

/** How long an invite stays valid unless the inviter picks otherwise. */
export const DEFAULT_INVITE_DAYS = 7;
export const MAX_INVITE_DAYS = 30;

export const createInviteBody = z.object({
  /** empty or absent → a link anyone holding it may accept */
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(320, "Use at most 320 characters.")
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email("Enter a valid email address, or leave it empty for a link.").optional()),
  role: roleSchema,
  expiresInDays: z
    .number({ message: "Give the days as a number." })
    .int("Use whole days.")
    .min(1, "An invite lasts at least 1 day.")
    .max(MAX_INVITE_DAYS, `An invite lasts at most ${MAX_INVITE_DAYS} days.`)
    .default(DEFAULT_INVITE_DAYS),
});
export type CreateInviteBody = z.input<typeof createInviteBody>;

/** The token as it arrives from a link: base64url of 32 random bytes. */
export const inviteToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This invite link is not valid: check that it was copied whole.");

export const acceptInviteBody = z.object({ token: inviteToken });

export interface InviteView {
  id: string;
  email: string | null;
  role: Role;
  createdAt: string;
  expiresAt: string;
}
