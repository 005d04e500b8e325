/** GET what a run changed: its commits, their combined diff, files written but not committed (read). */
import { getRunChanges } from "@/lib/runs/get-run-changes";
import { withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace<{ workspace: string; runId: string }>(
  async ({ prisma, workspace, params }) => Response.json(await getRunChanges(prisma, workspace.id, params.runId)),
  { permission: "read" },
);
