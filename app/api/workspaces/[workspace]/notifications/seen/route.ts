/** POST — the caller opened the inbox: their unread count restarts at 0 (read). */
import { markInboxSeen } from "@/lib/notifications/mark-inbox-seen";
import { withWorkspace } from "@/server/with-workspace";

export const POST = withWorkspace(
  async ({ prisma, workspace, user }) => {
    await markInboxSeen(prisma, { workspaceId: workspace.id, userId: user.id });
    return Response.json({ unread: 0 });
  },
  { permission: "read" },
);
