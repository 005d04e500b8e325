/** DELETE detaches one of the workspace's MCP servers (manage). M7. */
import { detachMcpServer } from "@/lib/mcp-client/detach-mcp-server";
import { withWorkspace } from "@/server/with-workspace";

export const DELETE = withWorkspace<{ workspace: string; serverId: string }>(
  async ({ prisma, workspace, user, role, params }) => {
    const detached = await detachMcpServer(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.serverId);
    return Response.json({ detached });
  },
  { permission: "manage" },
);
