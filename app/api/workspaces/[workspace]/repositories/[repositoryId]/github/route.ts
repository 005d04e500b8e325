import { setGithubPublishing } from "@/lib/repositories/set-github-publishing";
import { githubPublishingBody } from "@/lib/repositories/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** R12: set or remove the repository's GitHub token, and whether findings are posted as review comments (manage). */
export const PATCH = withWorkspace<{ workspace: string; repositoryId: string }>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const body = await readJson(req, githubPublishingBody);
    return Response.json({ repository: await setGithubPublishing(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.repositoryId, body) });
  },
  { permission: "manage" },
);
