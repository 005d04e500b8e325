import { listProposals } from "@/lib/orchestration/list-proposals";
import { withWorkspace } from "@/server/with-workspace";

/** O1: the room's orchestration proposals, read-only. */
export const GET = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ prisma, workspace, params }) => Response.json({ proposals: await listProposals(prisma, { workspaceId: workspace.id, roomId: params.roomId }) }),
  { permission: "read" },
);
