import { addFindingReply } from "@/lib/reviews/add-finding-reply";
import { listFindingReplies } from "@/lib/reviews/list-finding-replies";
import { findingReplyBody } from "@/lib/reviews/request-schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

type Params = { workspace: string; pullId: string; findingId: string };

/** R10: a finding's discussion thread, oldest reply first. Viewers read it. */
export const GET = withWorkspace<Params>(
  async ({ prisma, workspace, params }) =>
    Response.json({ replies: await listFindingReplies(prisma, { workspaceId: workspace.id, pullRequestId: params.pullId, findingId: params.findingId }) }),
  { permission: "read" },
);

/** R10: reply to a finding (Markdown); members and up. A closed pull request's thread is read-only (409). */
export const POST = withWorkspace<Params>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const body = await readJson(req, findingReplyBody);
    const reply = await addFindingReply(prisma, { workspaceId: workspace.id, userId: user.id, role }, { pullRequestId: params.pullId, findingId: params.findingId }, body);
    return Response.json({ reply }, { status: 201 });
  },
  { permission: "write" },
);
