import { roomProfile } from "@/lib/modes/room-mode";
import { createRoom } from "@/lib/rooms/create-room";
import { listRooms } from "@/lib/rooms/list-rooms";
import { createRoomBody } from "@/lib/rooms/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace(async ({ prisma, workspace }) => Response.json({ rooms: await listRooms(prisma, workspace.id) }), {
  permission: "read",
});

export const POST = withWorkspace(
  async ({ req, prisma, workspace, user }) => {
    const body = await readJson(req, createRoomBody);
    const room = await createRoom(prisma, { workspaceId: workspace.id, userId: user.id }, body);
    // X1, G8: the mode the room is in, from its record (a declared mode by its id, never its built-in).
    return Response.json({ room: { id: room.id, name: room.name, mode: roomProfile(room).id } }, { status: 201 });
  },
  { permission: "write" },
);
