/** DELETE — R3: withdraw the request for this person's review (write). */
import { withdrawReviewRequest } from "@/lib/pulls/request-review";
import { withWorkspace } from "@/server/with-workspace";

export const DELETE = withWorkspace<{ workspace: string; pullId: string; userId: string }>(
  async ({ prisma, workspace, user, role, params }) =>
    Response.json(await withdrawReviewRequest(prisma, { workspaceId: workspace.id, userId: user.id, role }, { pullRequestId: params.pullId, userId: params.userId })),
  { permission: "write" },
);
