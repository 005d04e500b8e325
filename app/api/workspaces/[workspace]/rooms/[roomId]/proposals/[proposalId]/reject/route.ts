import { rejectProposal } from "@/lib/orchestration/reject-proposal";
import { rejectProposalBody } from "@/lib/orchestration/request-schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** O8: a signed-in person rejects a pending proposal with a comment; 409 once it is decided or superseded. */
export const POST = withWorkspace<{ workspace: string; roomId: string; proposalId: string }>(
  async ({ req, prisma, workspace, user, params }) => {
    const body = await readJson(req, rejectProposalBody);
    return Response.json(await rejectProposal(prisma, { workspaceId: workspace.id, roomId: params.roomId, proposalId: params.proposalId, userId: user.id, comment: body.comment }));
  },
  { permission: "write" },
);
