import { notFound } from "@/lib/errors/app-error";
import { roomCapabilities } from "@/lib/tools/room-capabilities";
import { withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ prisma, workspace, params }) => {
    const room = await prisma.room.findFirst({ where: { id: params.roomId, workspaceId: workspace.id }, include: { agent: true } });
    if (!room) throw notFound("That room");
    const allowlist = room.agent?.restrictModules ? room.agent.moduleAllowlist : null;
    return Response.json(roomCapabilities(room, allowlist));
  },
  { permission: "read" },
);
