import { controlPipeline } from "@/lib/orchestration/control-pipeline";
import { controlPipelineBody } from "@/lib/orchestration/request-schemas";
import { retryOrchestration } from "@/lib/orchestration/retry-orchestration";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** S2, S3: pause, resume, cancel a pipeline or retry a step; 409 when the pipeline is not in a state that allows it. */
export const POST = withWorkspace<{ workspace: string; roomId: string; orchestrationId: string }>(
  async ({ req, prisma, workspace, user, params }) => {
    const body = await readJson(req, controlPipelineBody);
    const ctx = { workspaceId: workspace.id, roomId: params.roomId, orchestrationId: params.orchestrationId, userId: user.id };
    if (body.action === "retry") return Response.json(await retryOrchestration(prisma, { ...ctx, key: body.key }));
    return Response.json(await controlPipeline(prisma, { ...ctx, action: body.action }));
  },
  { permission: "write" },
);
