import { mergePullRequest } from "@/lib/pulls/merge-pull-request";
import { mergePullBody } from "@/lib/pulls/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** Merge a pull request opened in Gatehouse into its base branch in Gatehouse's mirror (H3): ship at the current head, or an override with a reason. */
export const POST = withWorkspace<{ workspace: string; pullId: string }>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const body = await readJson(req, mergePullBody);
    return Response.json(await mergePullRequest(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.pullId, body));
  },
  { permission: "write" },
);
