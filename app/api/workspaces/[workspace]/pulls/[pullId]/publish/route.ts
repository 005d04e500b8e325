import { retryPublish } from "@/lib/pulls/retry-publish";
import { withWorkspace } from "@/server/with-workspace";

/** R12: publish the pull request's verdict (and findings) to GitHub again; 202 with the pending publication. */
export const POST = withWorkspace<{ workspace: string; pullId: string }>(
  async ({ prisma, workspace, user, role, params }) =>
    Response.json({ publication: await retryPublish(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.pullId) }, { status: 202 }),
  { permission: "write" },
);
