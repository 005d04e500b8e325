/** PATCH a member's role, DELETE a member (both manage). Ids of other workspaces answer 404. */
import { changeRole } from "@/lib/members/change-role";
import { removeMember } from "@/lib/members/remove-member";
import { changeRoleBody } from "@/lib/members/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

type Params = { workspace: string; memberId: string };

export const PATCH = withWorkspace<Params>(
  async ({ req, params, prisma, workspace, user, role }) => {
    const body = await readJson(req, changeRoleBody);
    const member = await changeRole(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.memberId, body);
    return Response.json({ member });
  },
  { permission: "manage" },
);

export const DELETE = withWorkspace<Params>(
  async ({ params, prisma, workspace, user, role }) => {
    const removed = await removeMember(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.memberId);
    return Response.json({ removed });
  },
  { permission: "manage" },
);
