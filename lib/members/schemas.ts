/** Member bodies and the view of a member the browser gets. */
import { z } from "zod";
import type { Role } from "../auth/permissions";

export const ROLES = ["owner", "admin", "member", "viewer"] as const satisfies readonly Role[];

export const roleSchema = z.enum(ROLES, { message: "Pick one of owner, admin, member or viewer." });

export const addMemberBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address.")),
  role: roleSchema,
});
export type AddMemberBody = z.infer<typeof addMemberBody>;

export const changeRoleBody = z.object({ role: roleSchema });
export type ChangeRoleBody = z.infer<typeof changeRoleBody>;

export interface MemberView {
  /** the membership id (the `[memberId]` of the member routes) */
  id: string;
  role: Role;
  createdAt: string;
  user: { id: string; email: string; name: string };
  /** how others @mention them in this workspace (unique in it; set on lists) */
  handle?: string;
}
