/** PATCH a repository's settings — name, folder, remote URL, default branch, GitHub name, webhook secret (manage). Secrets are never returned. */
import { updateRepositoryBody } from "@/lib/repositories/schemas";
import { updateRepository } from "@/lib/repositories/update-repository";
import { readJson, withWorkspace } from "@/server/with-workspace";

export const PATCH = withWorkspace<{ workspace: string; repositoryId: string }>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const body = await readJson(req, updateRepositoryBody);
    return Response.json({ repository: await updateRepository(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.repositoryId, body) });
  },
  { permission: "manage" },
);
