import type { Role } from "../auth/permissions";
import type { InviteView } from "./schemas";

export function toInviteView(row: { id: string; email: string | null; role: Role; createdAt: Date; expiresAt: Date }): InviteView {
  return { id: row.id, email: row.email, role: row.role, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}
