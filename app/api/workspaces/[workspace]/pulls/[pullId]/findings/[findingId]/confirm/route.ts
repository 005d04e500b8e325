import { confirmFinding } from "@/lib/reviews/confirm-finding";
import { withdrawConfirmation } from "@/lib/reviews/withdraw-confirmation";
import { withWorkspace } from "@/server/with-workspace";

/** R3: confirm a finding; another person's confirmation makes it consensusReady, the author's is refused (422). Idempotent. */
export const POST = withWorkspace<{ workspace: string; pullId: string; findingId: string }>(
  async ({ prisma, workspace, user, role, params }) =>
    Response.json(await confirmFinding(prisma, { workspaceId: workspace.id, userId: user.id, role }, { pullRequestId: params.pullId, findingId: params.findingId })),
  { permission: "write" },
);

/** R10: withdraw my confirmation; consensus is recomputed. */
export const DELETE = withWorkspace<{ workspace: string; pullId: string; findingId: string }>(
  async ({ prisma, workspace, user, role, params }) =>
    Response.json(await withdrawConfirmation(prisma, { workspaceId: workspace.id, userId: user.id, role }, { pullRequestId: params.pullId, findingId: params.findingId })),
  { permission: "write" },
);
