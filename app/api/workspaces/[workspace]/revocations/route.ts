/** GET what ended with someone's removal or demotion (H3): what, whose, by whom and why (manage). */
import { listRevocations } from "@/lib/grants/list-revocations";
import { withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace(
  async ({ prisma, workspace }) => Response.json({ revocations: await listRevocations(prisma, workspace.id) }),
  { permission: "manage" },
);
