/** DELETE revokes a pending invite (manage). Ids of other workspaces answer 404. */
import { revokeInvite } from "@/lib/invites/revoke-invite";
import { withWorkspace } from "@/server/with-workspace";

export const DELETE = withWorkspace<{ workspace: string; inviteId: string }>(
  async ({ params, prisma, workspace, user, role }) => {
    await revokeInvite(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.inviteId);
    return Response.json({ revoked: { id: params.inviteId } });
  },
  { permission: "manage" },
);
