import { planModeBody } from "@/lib/plans/request-schemas";
import { setPlanMode } from "@/lib/plans/set-plan-mode";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** A7, P6: enter ({enter: true}) or leave ({enter: false}) plan mode, as a person; applies from the next turn. */
export const POST = withWorkspace<{ workspace: string; roomId: string }>(
  async ({ req, prisma, workspace, user, params }) => {
    const body = await readJson(req, planModeBody);
    return Response.json({ room: await setPlanMode(prisma, { workspaceId: workspace.id, roomId: params.roomId, userId: user.id }, body) });
  },
  { permission: "write" },
);
