import type { Metadata } from "next";
import { getPrisma } from "@/lib/db/client";
import { getModePolicy } from "@/lib/mode-policy/get-mode-policy";
import { ModesPanel } from "@/components/settings/modes-panel";
import { requireMembership } from "../../require-membership";

export const metadata: Metadata = { title: "Modes" };

export default async function ModesPage({ params }: Readonly<{ params: Promise<{ workspace: string }> }>) {
  const { workspace } = await params;
  const { membership } = await requireMembership(workspace);
  return <ModesPanel initial={await getModePolicy(await getPrisma(), membership.workspaceId)} />;
}
