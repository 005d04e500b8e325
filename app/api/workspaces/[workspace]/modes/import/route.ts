/** X1, G8: replace the workspace's mode policy with a repository's gatehouse.modes.json at its default branch (manage). */
import { importModePolicy } from "@/lib/mode-policy/import-mode-policy";
import { readJson, withWorkspace } from "@/server/with-workspace";
import { z } from "zod";

const importBody = z.strictObject({
  repositoryId: z.string().trim().min(1, "pick a repository").max(64),
  /** the commit the preview showed; the import is refused if the branch has moved since */
  commit: z.string().regex(/^[0-9a-f]{40,64}$/, "must be the commit id the preview showed").optional(),
});

export const POST = withWorkspace(
  async ({ req, prisma, workspace, user }) => {
    const { repositoryId, commit } = await readJson(req, importBody);
    return Response.json(await importModePolicy(prisma, { workspaceId: workspace.id, userId: user.id }, repositoryId, commit));
  },
  { permission: "manage" },
);
