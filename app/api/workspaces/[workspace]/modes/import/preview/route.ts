/** G8: what importing a repository's gatehouse.modes.json would change — modes and rooms — before it is saved (manage). */
import { previewModePolicyImport } from "@/lib/mode-policy/import-mode-policy";
import { readJson, withWorkspace } from "@/server/with-workspace";
import { z } from "zod";

const previewBody = z.strictObject({ repositoryId: z.string().trim().min(1, "pick a repository").max(64) });

export const POST = withWorkspace(
  async ({ req, prisma, workspace }) => {
    const { repositoryId } = await readJson(req, previewBody);
    return Response.json(await previewModePolicyImport(prisma, { workspaceId: workspace.id }, repositoryId));
  },
  { permission: "manage" },
);
