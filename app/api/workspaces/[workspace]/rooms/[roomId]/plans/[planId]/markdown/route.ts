import { exportPlanMarkdown } from "@/lib/plans/export-plan-markdown";
import { withWorkspace } from "@/server/with-workspace";

/** A2: the plan as a Markdown plan file, downloaded as PLAN.md. */
export const GET = withWorkspace<{ workspace: string; roomId: string; planId: string }>(
  async ({ prisma, workspace, params }) => {
    const markdown = await exportPlanMarkdown(prisma, { workspaceId: workspace.id, roomId: params.roomId }, params.planId);
    return new Response(markdown, {
      headers: { "content-type": "text/markdown; charset=utf-8", "content-disposition": 'attachment; filename="PLAN.md"' },
    });
  },
  { permission: "read" },
);
