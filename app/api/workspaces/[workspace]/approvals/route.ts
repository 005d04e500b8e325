import { z } from "zod";
import { listApprovals } from "@/lib/approvals/list-approvals";
import { withWorkspace } from "@/server/with-workspace";

const query = z.object({ status: z.enum(["pending", "all"]).default("all") });

export const GET = withWorkspace(
  async ({ req, prisma, workspace }) => {
    const { status } = query.parse(Object.fromEntries(new URL(req.url).searchParams));
    return Response.json({ approvals: await listApprovals(prisma, workspace.id, { status }) });
  },
  { permission: "read" },
);
