/** GET /api/workspaces — mine; POST — create one (the creator becomes its owner). */
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { listWorkspaces } from "@/lib/workspaces/list-workspaces";
import { createWorkspaceBody } from "@/lib/workspaces/schemas";
import { readJson, withUser } from "@/server/with-workspace";

export const GET = withUser(async ({ user, prisma }) => {
  return Response.json({ workspaces: await listWorkspaces(prisma, user.id) });
});

export const POST = withUser(async ({ req, user, prisma }) => {
  const body = await readJson(req, createWorkspaceBody);
  return Response.json({ workspace: await createWorkspace(prisma, user.id, body) }, { status: 201 });
});
