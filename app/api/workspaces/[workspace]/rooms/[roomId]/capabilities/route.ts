import { notFound } from "@/lib/errors/app-error";
import { agentAllowlistOf } from "@/lib/modes/agent-allowlist";
import { parseStoredPolicy } from "@/lib/modes/resolve-profile";
import { roomCapabilities } from "@/lib/tools/room-capabilities";
import { withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ prisma, workspace, params }) => {
    const room = await prisma.room.findFirst({
      where: { id: params.roomId, workspaceId: workspace.id },
      include: { agent: true, workspace: { select: { modePolicy: true } } },
    });
    if (!room) throw notFound("That room");
    return Response.json(roomCapabilities(room, parseStoredPolicy(room.workspace.modePolicy), agentAllowlistOf(room.agent)));
  },
  { permission: "read" },
);
