import { getRoomBranch } from "@/lib/rooms/get-room-branch";
import { withWorkspace } from "@/server/with-workspace";

/** The room's branch: commits ahead of the default branch, and its open pull request. */
export const GET = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ prisma, workspace, params }) => Response.json(await getRoomBranch(prisma, workspace.id, params.roomId)),
  { permission: "read" },
);
