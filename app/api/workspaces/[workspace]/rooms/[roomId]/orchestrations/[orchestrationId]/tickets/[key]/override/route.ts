import { overrideTicket } from "@/lib/orchestration/override-ticket";
import { overrideTicketBody } from "@/lib/orchestration/request-schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** O7: a person marks a ticket in review done despite its verdict, with a reason; 409 when it is not in review. */
export const POST = withWorkspace<{ workspace: string; roomId: string; orchestrationId: string; key: string }>(
  async ({ req, prisma, workspace, user, params }) => {
    const body = await readJson(req, overrideTicketBody);
    return Response.json(await overrideTicket(prisma, { ...body, workspaceId: workspace.id, roomId: params.roomId, orchestrationId: params.orchestrationId, key: params.key, userId: user.id }));
  },
  { permission: "write" },
);
