import { postMessage } from "@/lib/runs/post-message";
import { postMessageBody } from "@/lib/rooms/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

export const POST = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ req, prisma, workspace, user, params }) => {
    const body = await readJson(req, postMessageBody);
    const { message, run } = await postMessage(prisma, { workspaceId: workspace.id, roomId: params.roomId, userId: user.id, ...body });
    return Response.json({ message: { id: message.id }, run: run ? { id: run.id, status: run.status } : null }, { status: 201 });
  },
  { permission: "write" },
);
