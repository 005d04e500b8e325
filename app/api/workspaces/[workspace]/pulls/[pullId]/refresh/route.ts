import { refreshPullRequest } from "@/lib/pulls/refresh-pull-request";
import { withWorkspace } from "@/server/with-workspace";

/** R8: re-read the head; a new head is re-reviewed with anchors remapped. */
export const POST = withWorkspace<{ workspace: string; pullId: string }>(
  async ({ prisma, workspace, user, role, params }) =>
    Response.json(await refreshPullRequest(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.pullId)),
  { permission: "write" },
);
