import { usageReport } from "@/lib/orchestration/usage-report";
import { withWorkspace } from "@/server/with-workspace";

/** O6: a project's usage per run, ticket and in total, beside its budget. */
export const GET = withWorkspace<{ workspace: string; projectId: string }>(
  async ({ prisma, workspace, params }) => Response.json(await usageReport(prisma, { workspaceId: workspace.id, projectId: params.projectId })),
  { permission: "read" },
);
