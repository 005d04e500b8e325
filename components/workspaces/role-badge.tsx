import type { Role } from "@/lib/auth/permissions";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const TONE: Record<Role, BadgeTone> = { owner: "indigo", admin: "green", member: "neutral", viewer: "amber" };

export function RoleBadge({ role }: Readonly<{ role: Role }>) {
  return <Badge tone={TONE[role]}>{role}</Badge>;
}
