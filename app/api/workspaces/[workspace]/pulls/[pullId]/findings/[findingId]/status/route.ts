import { changeFindingStatus } from "@/lib/reviews/change-finding-status";
import { findingStatusBody } from "@/lib/reviews/request-schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** Resolve, dismiss (a reason is required) or reopen a finding. */
export const POST = withWorkspace<{ workspace: string; pullId: string; findingId: string }>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const body = await readJson(req, findingStatusBody);
    const ref = { pullRequestId: params.pullId, findingId: params.findingId };
    return Response.json(await changeFindingStatus(prisma, { workspaceId: workspace.id, userId: user.id, role }, ref, body));
  },
  { permission: "write" },
);
