/** X1: replace the workspace's mode policy with a repository's gatehouse.modes.json at its default branch (manage). */
import { importModePolicy } from "@/lib/mode-policy/import-mode-policy";
import { readJson, withWorkspace } from "@/server/with-workspace";
import { z } from "zod";

const importBody = z.strictObject({ repositoryId: z.string().trim().min(1, "pick a repository").max(64) });

export const POST = withWorkspace(
  async ({ req, prisma, workspace, user }) => {
    const { repositoryId } = await readJson(req, importBody);
    return Response.json(await importModePolicy(prisma, { workspaceId: workspace.id, userId: user.id }, repositoryId));
  },
  { permission: "manage" },
);
