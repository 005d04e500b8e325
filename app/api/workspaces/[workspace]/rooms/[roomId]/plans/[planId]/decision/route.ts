import { decidePlan } from "@/lib/orchestration/decide-plan";
import { decidePlanBody } from "@/lib/plans/request-schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** P3: approve (→ orchestration, room back to Agent mode) or reject a plan version; 409 once it is decided or superseded. */
export const POST = withWorkspace<{ workspace: string; roomId: string; planId: string }>(
  async ({ req, prisma, workspace, user, params }) => {
    const body = await readJson(req, decidePlanBody);
    const result = await decidePlan(prisma, { ...body, workspaceId: workspace.id, roomId: params.roomId, planId: params.planId, userId: user.id });
    return Response.json(result);
  },
  { permission: "write" },
);
