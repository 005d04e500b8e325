/** GET pending invites, POST a new invite (both manage). The token is in the POST answer only. */
import { createInvite } from "@/lib/invites/create-invite";
import { listPendingInvites } from "@/lib/invites/list-invites";
import { createInviteBody } from "@/lib/invites/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace(
  async ({ prisma, workspace }) => Response.json({ invites: await listPendingInvites(prisma, workspace.id) }),
  { permission: "manage" },
);

export const POST = withWorkspace(
  async ({ req, prisma, workspace, user, role }) => {
    const body = await readJson(req, createInviteBody);
    const created = await createInvite(prisma, { workspaceId: workspace.id, userId: user.id, role }, body);
    return Response.json(created, { status: 201 });
  },
  { permission: "manage" },
);
