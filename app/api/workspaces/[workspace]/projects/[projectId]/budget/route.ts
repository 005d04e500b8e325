import { raiseBudget } from "@/lib/orchestration/raise-budget";
import { raiseBudgetBody } from "@/lib/orchestration/request-schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** O6: a person raises a project's budget; a pipeline its budget paused resumes. */
export const POST = withWorkspace<{ workspace: string; projectId: string }>(
  async ({ req, prisma, workspace, user, params }) => {
    const body = await readJson(req, raiseBudgetBody);
    return Response.json(await raiseBudget(prisma, { ...body, workspaceId: workspace.id, projectId: params.projectId, userId: user.id }));
  },
  { permission: "write" },
);
