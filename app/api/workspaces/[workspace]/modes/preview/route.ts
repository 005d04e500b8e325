/** G7: the surfaces a policy would give each agent, and the diff against the current one — before saving. */
import { parseModePolicy } from "@/lib/mode-policy/check-mode-policy";
import { workspaceToolSpecs } from "@/lib/mcp-client/run-mcp-tools";
import { previewPolicy } from "@/lib/mode-policy/preview-mode-policy";
import { parseStoredPolicy } from "@/lib/modes/resolve-profile";
import { readJson, withWorkspace } from "@/server/with-workspace";
import { z } from "zod";

export const POST = withWorkspace(
  async ({ req, prisma, workspace }) => {
    const next = parseModePolicy(await readJson(req, z.unknown()));
    const row = await prisma.workspace.findUniqueOrThrow({ where: { id: workspace.id }, select: { modePolicy: true, agents: { select: { name: true, restrictModules: true, moduleAllowlist: true } } } });
    return Response.json(previewPolicy(parseStoredPolicy(row.modePolicy), next, row.agents, await workspaceToolSpecs(prisma, workspace.id)));
  },
  { permission: "manage" },
);
