/** GET ?axis=&head=&source= — R5: what a failed axis printed (bounded, scrubbed), or what a GitHub check said (read). */
import { getAxisLog } from "@/lib/reviews/get-axis-log";
import { axisLogQuery } from "@/lib/reviews/request-schemas";
import { withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace<{ workspace: string; pullId: string }>(
  async ({ req, prisma, workspace, params }) => {
    const query = axisLogQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
    return Response.json(await getAxisLog(prisma, workspace.id, params.pullId, query));
  },
  { permission: "read" },
);
