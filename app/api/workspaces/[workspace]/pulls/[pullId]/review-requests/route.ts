/** POST { userId } — R3: ask a member to review the pull request; they are notified (write). */
import { requestReview } from "@/lib/pulls/request-review";
import { reviewRequestBody } from "@/lib/pulls/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

export const POST = withWorkspace<{ workspace: string; pullId: string }>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const body = await readJson(req, reviewRequestBody);
    const result = await requestReview(prisma, { workspaceId: workspace.id, userId: user.id, role }, { pullRequestId: params.pullId, userId: body.userId });
    return Response.json(result, { status: result.requested ? 201 : 200 });
  },
  { permission: "write" },
);
