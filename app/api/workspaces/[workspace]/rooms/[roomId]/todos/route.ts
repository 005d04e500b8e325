import { readRoomTodos } from "@/lib/plans/read-room-todos";
import { withWorkspace } from "@/server/with-workspace";

/** A1, A7: the room's task list. */
export const GET = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ prisma, workspace, params }) => Response.json({ todos: await readRoomTodos(prisma, { workspaceId: workspace.id, roomId: params.roomId }) }),
  { permission: "read" },
);
