import { fixFindingBody } from "@/lib/pulls/fix-finding-body";
import { fixFindingWithAgent } from "@/lib/pulls/fix-finding-with-agent";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** "Fix with an agent": open (or return) the Agent-mode room seeded with this finding; members and up. */
export const POST = withWorkspace<{ workspace: string; pullId: string; findingId: string }>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const body = await readJson(req, fixFindingBody);
    const outcome = await fixFindingWithAgent(prisma, { workspaceId: workspace.id, userId: user.id, role }, { pullRequestId: params.pullId, findingId: params.findingId }, body);
    return Response.json(outcome, { status: outcome.created ? 201 : 200 });
  },
  { permission: "write" },
);
