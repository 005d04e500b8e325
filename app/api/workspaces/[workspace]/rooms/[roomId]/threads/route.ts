import { startThreadBody } from "@/lib/rooms/schemas";
import { startThread } from "@/lib/rooms/start-thread";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** Start a thread under one of the room's conversations (M1). */
export const POST = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ req, prisma, workspace, params }) => {
    const body = await readJson(req, startThreadBody);
    const thread = await startThread(prisma, { workspaceId: workspace.id, roomId: params.roomId, ...body });
    return Response.json({ thread: { id: thread.id, title: thread.title, parentId: thread.parentId } }, { status: 201 });
  },
  { permission: "write" },
);
