import { applySuggestion } from "@/lib/pulls/apply-suggestion";
import { applySuggestionBody } from "@/lib/pulls/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** R8: commit a finding's suggested change onto the head branch as the person; the new head is re-reviewed. */
export const POST = withWorkspace<{ workspace: string; pullId: string; findingId: string }>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const body = await readJson(req, applySuggestionBody);
    const applied = await applySuggestion(prisma, { workspaceId: workspace.id, userId: user.id, role }, { pullRequestId: params.pullId, findingId: params.findingId }, body);
    return Response.json(applied, { status: 201 });
  },
  { permission: "write" },
);
