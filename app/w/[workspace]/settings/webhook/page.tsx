import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { getPrisma } from "@/lib/db/client";
import { getWorkspaceWebhook } from "@/lib/outgoing-webhooks/set-workspace-webhook";
import { ReadOnlyNote } from "@/components/settings/read-only-note";
import { WebhookPanel } from "@/components/settings/webhook-panel";
import { requireMembership } from "../../require-membership";

export const metadata: Metadata = { title: "Webhook" };

export default async function WebhookPage({ params }: Readonly<{ params: Promise<{ workspace: string }> }>) {
  const { workspace } = await params;
  const { membership } = await requireMembership(workspace);
  if (!can(membership.role, "manage")) return <ReadOnlyNote role={membership.role} what="the webhook settings" />;
  return <WebhookPanel initial={await getWorkspaceWebhook(await getPrisma(), membership.workspaceId)} />;
}
