import { listPlans } from "@/lib/plans/list-plans";
import { withWorkspace } from "@/server/with-workspace";

/** P2, A7: the room's plan versions, newest first. */
export const GET = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ prisma, workspace, params }) => Response.json({ plans: await listPlans(prisma, { workspaceId: workspace.id, roomId: params.roomId }) }),
  { permission: "read" },
);
