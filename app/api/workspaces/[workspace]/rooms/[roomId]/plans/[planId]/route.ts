import { z } from "zod";
import { getPlan } from "@/lib/plans/get-plan";
import { withWorkspace } from "@/server/with-workspace";

const query = z.object({ against: z.string().trim().min(1).max(64).optional() });

/** P2: one plan version with its layout, the diff against the previous version (or ?against=<planId>) and its decision. */
export const GET = withWorkspace<{ workspace: string; roomId: string; planId: string }>(
  async ({ req, prisma, workspace, params }) => {
    const { against } = query.parse(Object.fromEntries(new URL(req.url).searchParams));
    return Response.json(await getPlan(prisma, { workspaceId: workspace.id, roomId: params.roomId }, params.planId, { againstId: against }));
  },
  { permission: "read" },
);
