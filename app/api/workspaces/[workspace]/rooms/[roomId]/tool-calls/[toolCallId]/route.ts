import { getToolCallDetail } from "@/lib/rooms/get-tool-call-detail";
import { withWorkspace } from "@/server/with-workspace";

/** The whole arguments and result of one tool call; history pages carry previews. */
export const GET = withWorkspace<{ workspace: string; roomId: string; toolCallId: string }>(
  async ({ prisma, workspace, params }) => Response.json({ call: await getToolCallDetail(prisma, workspace.id, params.roomId, params.toolCallId) }),
  { permission: "read" },
);
