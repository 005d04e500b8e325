import type { Metadata } from "next";
import { getPrisma } from "@/lib/db/client";
import { listMembers } from "@/lib/members/list-members";
import { MembersPanel } from "@/components/settings/members-panel";
import { requireMembership } from "../../require-membership";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage({ params }: Readonly<{ params: Promise<{ workspace: string }> }>) {
  const { workspace } = await params;
  const { membership } = await requireMembership(workspace);
  const members = await listMembers(await getPrisma(), membership.workspaceId);
  return <MembersPanel initialMembers={members} />;
}
