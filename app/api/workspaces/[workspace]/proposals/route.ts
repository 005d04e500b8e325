import { listPendingProposals } from "@/lib/orchestration/list-pending-proposals";
import { withWorkspace } from "@/server/with-workspace";

/** O2: the workspace's proposals waiting for a person (the inbox lists them). */
export const GET = withWorkspace(async ({ prisma, workspace }) => Response.json({ proposals: await listPendingProposals(prisma, workspace.id) }), { permission: "read" });
