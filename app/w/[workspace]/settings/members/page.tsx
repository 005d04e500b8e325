import type { Metadata } from "next";
import { getPrisma } from "@/lib/db/client";
import { can } from "@/lib/auth/permissions";
import { listRevocations } from "@/lib/grants/list-revocations";
import { listPendingInvites } from "@/lib/invites/list-invites";
import { listMembers } from "@/lib/members/list-members";
import { InvitesPanel } from "@/components/settings/invites-panel";
import { MembersPanel } from "@/components/settings/members-panel";
import { RevocationsPanel } from "@/components/settings/revocations-panel";
import { requireMembership } from "../../require-membership";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage({ params }: Readonly<{ params: Promise<{ workspace: string }> }>) {
  const { workspace } = await params;
  const { membership } = await requireMembership(workspace);
  const prisma = await getPrisma();
  const members = await listMembers(prisma, membership.workspaceId);
  const manage = can(membership.role, "manage");
  const invites = manage ? await listPendingInvites(prisma, membership.workspaceId) : [];
  const revocations = manage ? await listRevocations(prisma, membership.workspaceId) : [];
  return (
    <div className="space-y-6">
      <MembersPanel initialMembers={members} />
      {manage ? <InvitesPanel initialInvites={invites} /> : null}
      {manage ? <RevocationsPanel initialRevocations={revocations} /> : null}
    </div>
  );
}
