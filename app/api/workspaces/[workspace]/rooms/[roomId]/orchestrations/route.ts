import { listOrchestrations } from "@/lib/orchestration/list-orchestrations";
import { withWorkspace } from "@/server/with-workspace";

/** P3: the room's orchestrations with their tickets' status, run and result. */
export const GET = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ prisma, workspace, params }) =>
    Response.json({ orchestrations: await listOrchestrations(prisma, { workspaceId: workspace.id, roomId: params.roomId }) }),
  { permission: "read" },
);
