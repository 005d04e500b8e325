import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { getPrisma } from "@/lib/db/client";
import { listMcpServers } from "@/lib/mcp-client/list-mcp-servers";
import { McpServersPanel } from "@/components/settings/mcp-servers-panel";
import { ReadOnlyNote } from "@/components/settings/read-only-note";
import { requireMembership } from "../../require-membership";

export const metadata: Metadata = { title: "MCP servers" };

export default async function McpServersPage({ params }: Readonly<{ params: Promise<{ workspace: string }> }>) {
  const { workspace } = await params;
  const { membership } = await requireMembership(workspace);
  const manage = can(membership.role, "manage");
  const servers = await listMcpServers(await getPrisma(), membership.workspaceId);
  return (
    <div className="space-y-4">
      {manage ? null : <ReadOnlyNote role={membership.role} what="the attached MCP servers" />}
      <McpServersPanel slug={membership.workspace.slug} initial={servers} manage={manage} />
    </div>
  );
}
