import { roomProfile } from "@/lib/modes/room-mode";
import { createRoom } from "@/lib/rooms/create-room";
import { listRooms } from "@/lib/rooms/list-rooms";
import { createRoomBody, roomListQuery } from "@/lib/rooms/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** GET the active rooms; `?archived=1` the archived ones instead (read). */
export const GET = withWorkspace(
  async ({ req, prisma, workspace }) => {
    const { archived } = roomListQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
    return Response.json({ rooms: await listRooms(prisma, workspace.id, { archived: archived === "1" }) });
  },
  { permission: "read" },
);

export const POST = withWorkspace(
  async ({ req, prisma, workspace, user }) => {
    const body = await readJson(req, createRoomBody);
    const room = await createRoom(prisma, { workspaceId: workspace.id, userId: user.id }, body);
    // X1, G8: the mode the room is in, from its record (a declared mode by its id, never its built-in).
    return Response.json({ room: { id: room.id, name: room.name, mode: roomProfile(room).id } }, { status: 201 });
  },
  { permission: "write" },
);
