import type { Role } from "../auth/permissions";
import type { MemberView } from "./schemas";

/** The fields every member query selects, so every answer has the same shape. */
export const memberSelect = {
  id: true,
  role: true,
  createdAt: true,
  user: { select: { id: true, email: true, name: true } },
} as const;

export function toMemberView(row: { id: string; role: Role; createdAt: Date; user: MemberView["user"] }): MemberView {
  return { id: row.id, role: row.role, createdAt: row.createdAt.toISOString(), user: row.user };
}
