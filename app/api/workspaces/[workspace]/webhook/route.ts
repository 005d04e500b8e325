/** GET the workspace's webhook and its recent deliveries; PUT { url } sets (new secret, shown once) or clears it (manage). */
import { setWebhookBody } from "@/lib/outgoing-webhooks/schemas";
import { getWorkspaceWebhook, setWorkspaceWebhook } from "@/lib/outgoing-webhooks/set-workspace-webhook";
import { readJson, withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace(async ({ prisma, workspace }) => Response.json(await getWorkspaceWebhook(prisma, workspace.id)), { permission: "manage" });

export const PUT = withWorkspace(
  async ({ req, prisma, workspace, user, role }) => {
    const body = await readJson(req, setWebhookBody);
    return Response.json(await setWorkspaceWebhook(prisma, { workspaceId: workspace.id, userId: user.id, role }, body));
  },
  { permission: "manage" },
);
