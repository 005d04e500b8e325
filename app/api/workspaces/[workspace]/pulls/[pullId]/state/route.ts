import { changePullState } from "@/lib/pulls/change-pull-state";
import { pullStateBody } from "@/lib/pulls/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** Issue 14 §5, R9: close or reopen a pull request opened in Gatehouse. */
export const POST = withWorkspace<{ workspace: string; pullId: string }>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const body = await readJson(req, pullStateBody);
    return Response.json(await changePullState(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.pullId, body));
  },
  { permission: "write" },
);
