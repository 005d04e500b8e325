import { commitRoomBody } from "@/lib/rooms/schemas";
import { commitRoomWork } from "@/lib/runtime/commit-room-work";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** A person commits the room's uncommitted work, as its author (R8: pull requests on the branch follow). */
export const POST = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const body = await readJson(req, commitRoomBody);
    return Response.json(await commitRoomWork(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.roomId, body), { status: 201 });
  },
  { permission: "write" },
);
