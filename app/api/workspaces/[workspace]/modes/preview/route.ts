/** G7, G8: the surfaces a policy would give each agent, and the modes and rooms it would change — before saving. */
import { parseModePolicy } from "@/lib/mode-policy/check-mode-policy";
import { loadPolicyPreview } from "@/lib/mode-policy/load-policy-preview";
import { readJson, withWorkspace } from "@/server/with-workspace";
import { z } from "zod";

export const POST = withWorkspace(
  async ({ req, prisma, workspace }) => {
    const next = parseModePolicy(await readJson(req, z.unknown()));
    return Response.json((await loadPolicyPreview(prisma, workspace.id, next)).preview);
  },
  { permission: "manage" },
);
