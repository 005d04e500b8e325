/** GET a repository's branches from Gatehouse's mirror (H3), for the pull-request dialog's picker (read). */
import { listRepositoryBranches } from "@/lib/repositories/list-repository-branches";
import { withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace<{ workspace: string; repositoryId: string }>(
  async ({ prisma, workspace, params }) => Response.json(await listRepositoryBranches(prisma, workspace.id, params.repositoryId)),
  { permission: "read" },
);
