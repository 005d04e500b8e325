import { listPullRequests } from "@/lib/pulls/list-pull-requests";
import { openPullRequest } from "@/lib/pulls/open-pull-request";
import { openPullBody } from "@/lib/pulls/schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

/** The workspace's pull requests with their latest verdict and finding counts. */
export const GET = withWorkspace(async ({ prisma, workspace }) => Response.json({ pullRequests: await listPullRequests(prisma, workspace.id) }), {
  permission: "read",
});

/** R1: open a pull request between two branches; its review room (R1) and review are queued at once. */
export const POST = withWorkspace(
  async ({ req, prisma, workspace, user, role }) => {
    const body = await readJson(req, openPullBody);
    const { pull, room, runId } = await openPullRequest(prisma, { workspaceId: workspace.id, userId: user.id, role }, body);
    return Response.json(
      { pullRequest: { id: pull.id, number: pull.number, title: pull.title, baseSha: pull.baseSha, headSha: pull.headSha }, room: { id: room.id, mode: room.mode }, runId },
      { status: 201 },
    );
  },
  { permission: "write" },
);
