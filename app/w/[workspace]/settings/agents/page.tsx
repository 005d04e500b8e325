import type { Metadata } from "next";
import { getPrisma } from "@/lib/db/client";
import { listAgents } from "@/lib/agents/list-agents";
import { serverEndpointsView } from "@/lib/models/server-endpoints";
import { TOOL_SPECS } from "@/lib/tools/registry";
import { AgentsPanel } from "@/components/settings/agents-panel";
import { requireMembership } from "../../require-membership";

export const metadata: Metadata = { title: "Agents" };

export default async function AgentsPage({ params }: Readonly<{ params: Promise<{ workspace: string }> }>) {
  const { workspace } = await params;
  const { membership } = await requireMembership(workspace);
  const agents = await listAgents(await getPrisma(), membership.workspaceId);
  // Only what the picker shows; the registry itself (with execute) stays on the server.
  const tools = TOOL_SPECS.map(({ name, tier, description }) => ({ name, tier, description }));
  // H4: the form says up front which endpoints the server's keys are for (the keys stay here).
  return <AgentsPanel initialAgents={agents} tools={tools} endpoints={serverEndpointsView()} />;
}
