import { z } from "zod";
import { listApprovals } from "@/lib/approvals/list-approvals";
import { cachedRead } from "@/server/read-cache";
import { withWorkspace } from "@/server/with-workspace";

const query = z.object({ status: z.enum(["pending", "all"]).default("all") });

export const GET = withWorkspace(
  async ({ req, prisma, workspace }) => {
    const { status } = query.parse(Object.fromEntries(new URL(req.url).searchParams));
    const approvals = await cachedRead(workspace.id, `approvals:${status}`, () => listApprovals(prisma, workspace.id, { status }));
    return Response.json({ approvals });
  },
  { permission: "read" },
);
