import { getFinding } from "@/lib/reviews/get-finding";
import { withWorkspace } from "@/server/with-workspace";

/** One finding with its full history (created, confirmed, consensus, remapped, outdated, …). */
export const GET = withWorkspace<{ workspace: string; pullId: string; findingId: string }>(
  async ({ prisma, workspace, params }) =>
    Response.json(await getFinding(prisma, { workspaceId: workspace.id, pullRequestId: params.pullId, findingId: params.findingId })),
  { permission: "read" },
);
