import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { getPrisma } from "@/lib/db/client";
import { listHosts } from "@/lib/hosts/list-hosts";
import { HostsTable } from "@/components/settings/hosts-table";
import { requireMembership } from "../../require-membership";

export const metadata: Metadata = { title: "Hosts" };
export const dynamic = "force-dynamic";

export default async function HostsPage({ params }: Readonly<{ params: Promise<{ workspace: string }> }>) {
  const { workspace } = await params;
  const { membership } = await requireMembership(workspace);
  if (!can(membership.role, "manage")) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">Only admins and owners see the worker hosts.</p>;
  }
  return <HostsTable hosts={await listHosts(await getPrisma(), membership.workspaceId)} />;
}
