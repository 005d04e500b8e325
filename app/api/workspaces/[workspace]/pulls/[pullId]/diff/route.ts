import { getPullDiff } from "@/lib/pulls/get-pull-diff";
import { diffQuery } from "@/lib/pulls/schemas";
import { withWorkspace } from "@/server/with-workspace";

/** Unified diff text plus parsed files for the diff viewer; ?base=&head= default to the pull request's. */
export const GET = withWorkspace<{ workspace: string; pullId: string }>(
  async ({ req, prisma, workspace, params }) => {
    const query = diffQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
    return Response.json(await getPullDiff(prisma, workspace.id, params.pullId, query));
  },
  { permission: "read" },
);
