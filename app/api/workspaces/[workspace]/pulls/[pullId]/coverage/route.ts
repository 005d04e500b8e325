import { acceptCoverageGap } from "@/lib/reviews/accept-coverage-gap";
import { acceptGapBody } from "@/lib/reviews/request-schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** R11: accept the current head's coverage gap (recorded with the person's name and reason). */
export const POST = withWorkspace<{ workspace: string; pullId: string }>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const body = await readJson(req, acceptGapBody);
    return Response.json(await acceptCoverageGap(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.pullId, body));
  },
  { permission: "write" },
);
