/** POST { token } — the signed-in person joins the invite's workspace. */
import { acceptInvite } from "@/lib/invites/accept-invite";
import { acceptInviteBody } from "@/lib/invites/schemas";
import { readJson, withUser } from "@/server/with-workspace";

export const POST = withUser(async ({ req, prisma, user }) => {
  const body = await readJson(req, acceptInviteBody);
  return Response.json(await acceptInvite(prisma, user, body));
});
