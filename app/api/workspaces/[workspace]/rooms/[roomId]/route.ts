import { roomProfile } from "@/lib/modes/room-mode";
import { getRoomView } from "@/lib/rooms/get-room-view";
import { updateRoomBody } from "@/lib/rooms/schemas";
import { updateRoom } from "@/lib/rooms/update-room";
import { cachedRead } from "@/server/read-cache";
import { readJson, withWorkspace } from "@/server/with-workspace";

type Params = { workspace: string; roomId: string };

export const GET = withWorkspace<Params>(
  async ({ prisma, workspace, params }) =>
    Response.json(await cachedRead(workspace.id, `room:${params.roomId}`, () => getRoomView(prisma, workspace.id, params.roomId), { roomId: params.roomId })),
  { permission: "read" },
);

export const PATCH = withWorkspace<Params>(
  async ({ req, prisma, workspace, user, params }) => {
    const body = await readJson(req, updateRoomBody);
    const room = await updateRoom(prisma, { workspaceId: workspace.id, userId: user.id, roomId: params.roomId }, body);
    return Response.json({ room: { id: room.id, mode: roomProfile(room).id, autonomy: room.autonomy, planShell: room.planShell, name: room.name, agentId: room.agentId } });
  },
  { permission: "write" },
);
