import { approveProposal } from "@/lib/orchestration/approve-proposal";
import { withWorkspace } from "@/server/with-workspace";

/** O2, O3: a signed-in person approves a proposal; there is no agent or MCP path to this. */
export const POST = withWorkspace<{ workspace: string; roomId: string; proposalId: string }>(
  async ({ prisma, workspace, user, params }) =>
    Response.json(await approveProposal(prisma, { workspaceId: workspace.id, roomId: params.roomId, proposalId: params.proposalId, userId: user.id })),
  { permission: "write" },
);
