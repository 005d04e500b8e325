import { getPullRequest } from "@/lib/pulls/get-pull-request";
import { withWorkspace } from "@/server/with-workspace";

/** The pull request, its room, current verdict with explanation and axis table, review history and drops. */
export const GET = withWorkspace<{ workspace: string; pullId: string }>(
  async ({ prisma, workspace, params }) => Response.json(await getPullRequest(prisma, workspace.id, params.pullId)),
  { permission: "read" },
);
