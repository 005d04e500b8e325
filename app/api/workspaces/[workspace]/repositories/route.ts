/** GET repositories (read); POST registers a local git repository (manage). Secrets are never returned. */
import { listRepositories } from "@/lib/repositories/list-repositories";
import { registerRepository } from "@/lib/repositories/register-repository";
import { registerRepositoryBody } from "@/lib/repositories/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace(
  async ({ prisma, workspace }) => Response.json({ repositories: await listRepositories(prisma, workspace.id) }),
  { permission: "read" },
);

export const POST = withWorkspace(
  async ({ req, prisma, workspace, user, role }) => {
    const body = await readJson(req, registerRepositoryBody);
    const repository = await registerRepository(prisma, { workspaceId: workspace.id, userId: user.id, role }, body);
    return Response.json({ repository }, { status: 201 });
  },
  { permission: "manage" },
);
