import { retryOrchestration } from "@/lib/orchestration/retry-orchestration";
import { withWorkspace } from "@/server/with-workspace";

/** P3: reset failed and blocked tickets and run them again; 409 when nothing failed. */
export const POST = withWorkspace<{ workspace: string; roomId: string; orchestrationId: string }>(
  async ({ prisma, workspace, user, params }) =>
    Response.json(await retryOrchestration(prisma, { workspaceId: workspace.id, roomId: params.roomId, orchestrationId: params.orchestrationId, userId: user.id })),
  { permission: "write" },
);
