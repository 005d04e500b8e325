/** GET members (read); POST adds an existing user by email (manage). */
import { addMember } from "@/lib/members/add-member";
import { listMembers } from "@/lib/members/list-members";
import { addMemberBody } from "@/lib/members/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace(
  async ({ prisma, workspace }) => Response.json({ members: await listMembers(prisma, workspace.id) }),
  { permission: "read" },
);

export const POST = withWorkspace(
  async ({ req, prisma, workspace, user, role }) => {
    const body = await readJson(req, addMemberBody);
    const member = await addMember(prisma, { workspaceId: workspace.id, userId: user.id, role }, body);
    return Response.json({ member }, { status: 201 });
  },
  { permission: "manage" },
);
