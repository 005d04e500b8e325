/** GET the workspace's modes (read); PUT replaces its declared mode policy (manage, X1). */
import { getModePolicy } from "@/lib/mode-policy/get-mode-policy";
import { saveModePolicy } from "@/lib/mode-policy/save-mode-policy";
import { readJson, withWorkspace } from "@/server/with-workspace";
import { z } from "zod";

export const GET = withWorkspace(async ({ prisma, workspace }) => Response.json(await getModePolicy(prisma, workspace.id)), { permission: "read" });

export const PUT = withWorkspace(
  async ({ req, prisma, workspace, user }) => {
    const body = await readJson(req, z.unknown());
    return Response.json(await saveModePolicy(prisma, { workspaceId: workspace.id, userId: user.id }, body));
  },
  { permission: "manage" },
);
