/** GET the workspace's attached MCP servers (read); POST attaches one (manage). M7. */
import { attachMcpServer } from "@/lib/mcp-client/attach-mcp-server";
import { listMcpServers } from "@/lib/mcp-client/list-mcp-servers";
import { attachMcpServerBody } from "@/lib/mcp-client/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace(
  async ({ prisma, workspace }) => Response.json({ servers: await listMcpServers(prisma, workspace.id) }),
  { permission: "read" },
);

export const POST = withWorkspace(
  async ({ req, prisma, workspace, user, role }) => {
    const body = await readJson(req, attachMcpServerBody);
    const server = await attachMcpServer(prisma, { workspaceId: workspace.id, userId: user.id, role }, body);
    return Response.json({ server }, { status: 201 });
  },
  { permission: "manage" },
);
