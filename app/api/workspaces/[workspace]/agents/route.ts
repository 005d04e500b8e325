/** GET the active agents, `?archived=1` the archived ones (read); POST creates one (manage). */
import { createAgent } from "@/lib/agents/create-agent";
import { listAgents } from "@/lib/agents/list-agents";
import { agentListQuery, createAgentBody } from "@/lib/agents/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace(
  async ({ req, prisma, workspace }) => {
    const { archived } = agentListQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
    return Response.json({ agents: await listAgents(prisma, workspace.id, { archived: archived === "1" }) });
  },
  { permission: "read" },
);

export const POST = withWorkspace(
  async ({ req, prisma, workspace, user, role }) => {
    const body = await readJson(req, createAgentBody);
    const agent = await createAgent(prisma, { workspaceId: workspace.id, userId: user.id, role }, body);
    return Response.json({ agent }, { status: 201 });
  },
  { permission: "manage" },
);
