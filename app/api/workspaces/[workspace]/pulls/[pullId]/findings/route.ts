import { addPersonFinding } from "@/lib/reviews/add-person-finding";
import { listFindings } from "@/lib/reviews/list-findings";
import { addFindingBody, findingsQuery } from "@/lib/reviews/request-schemas";
import { readJson, withWorkspace } from "@/server/with-workspace";

type Params = { workspace: string; pullId: string };

/** Findings filtered by ?kind=&priority=&status= (comma-separated) and ?minConfidence=, with who confirmed each. */
export const GET = withWorkspace<Params>(
  async ({ req, prisma, workspace, params }) => {
    const query = findingsQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
    return Response.json({ findings: await listFindings(prisma, workspace.id, params.pullId, query) });
  },
  { permission: "read" },
);

/** A person's finding, through the same read boundary as an agent's (R4: a malformed one is dropped, 422). */
export const POST = withWorkspace<Params>(
  async ({ req, prisma, workspace, user, role, params }) => {
    const raw = await readJson(req, addFindingBody);
    const result = await addPersonFinding(prisma, { workspaceId: workspace.id, userId: user.id, role }, params.pullId, raw);
    return Response.json(result, { status: result.status === "created" ? 201 : 200 });
  },
  { permission: "write" },
);
