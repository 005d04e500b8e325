import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { getPrisma } from "@/lib/db/client";
import { getRequiredConfirmations } from "@/lib/reviews/set-required-confirmations";
import { ReviewSettingsPanel } from "@/components/settings/review-settings-panel";
import { requireMembership } from "../../require-membership";

export const metadata: Metadata = { title: "Reviews" };

export default async function ReviewSettingsPage({ params }: Readonly<{ params: Promise<{ workspace: string }> }>) {
  const { workspace } = await params;
  const { membership } = await requireMembership(workspace);
  const initial = await getRequiredConfirmations(await getPrisma(), membership.workspaceId);
  return <ReviewSettingsPanel initial={initial} canManage={can(membership.role, "manage")} />;
}
