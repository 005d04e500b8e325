/** R3: GET the confirmations each priority needs before consensus (members read it); PUT sets them (admins and owners) and settles every live finding again. */
import { requiredConfirmationsBody } from "@/lib/reviews/required-confirmations";
import { getRequiredConfirmations, setRequiredConfirmations } from "@/lib/reviews/set-required-confirmations";
import { readJson, withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace(
  async ({ prisma, workspace }) => Response.json({ requiredConfirmations: await getRequiredConfirmations(prisma, workspace.id) }),
  { permission: "read" },
);

export const PUT = withWorkspace(
  async ({ req, prisma, workspace, user, role }) => {
    const body = await readJson(req, requiredConfirmationsBody);
    return Response.json(await setRequiredConfirmations(prisma, { workspaceId: workspace.id, userId: user.id, role }, body));
  },
  { permission: "manage" },
);
