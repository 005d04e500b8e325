/** GET /api/workspaces/[workspace] — the workspace, the caller's role and a few counts (read). */
import { getWorkspace } from "@/lib/workspaces/get-workspace";
import { withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace(
  async ({ prisma, workspace, user, role }) => {
    const detail = await getWorkspace(prisma, { workspaceId: workspace.id, userId: user.id, role });
    return Response.json({ workspace: detail });
  },
  { permission: "read" },
);
