/** PATCH an agent: model, base URL, module allowlist, script (manage). Ids of other workspaces answer 404. */
import { updateAgentBody } from "@/lib/agents/schemas";
import { updateAgent } from "@/lib/agents/update-agent";
import { readJson, withWorkspace } from "@/server/with-workspace";

type Params = { workspace: string; agentId: string };

export const PATCH = withWorkspace<Params>(
  async ({ req, params, prisma, workspace, user, role }) => {
    const body = await readJson(req, updateAgentBody);
    const agent = await updateAgent(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.agentId, body);
    return Response.json({ agent });
  },
  { permission: "manage" },
);
