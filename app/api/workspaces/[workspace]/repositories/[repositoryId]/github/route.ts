import { getPublishingCredential } from "@/lib/github/get-publishing-credential";
import { setGithubPublishing } from "@/lib/repositories/set-github-publishing";
import { githubPublishingBody } from "@/lib/repositories/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** R12: which credential publishes the repository's verdicts — app installation, token, or neither (read). */
export const GET = withWorkspace<{ workspace: string; repositoryId: string }>(
  async ({ prisma, workspace, params }) => Response.json({ credential: await getPublishingCredential(prisma, workspace.id, params.repositoryId) }),
  { permission: "read" },
);

/** R12: set or remove the repository's GitHub token or installation id, review comments on/off, and what a hold publishes as (manage). */
export const PATCH = withWorkspace<{ workspace: string; repositoryId: string }>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const body = await readJson(req, githubPublishingBody);
    return Response.json({ repository: await setGithubPublishing(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.repositoryId, body) });
  },
  { permission: "manage" },
);
