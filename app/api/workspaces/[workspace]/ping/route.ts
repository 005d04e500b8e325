/**
 * GET /api/workspaces/[workspace]/ping — answers when the caller may read the
 * workspace, and does nothing else: session, membership and role, no domain
 * work. A client checks its access with it; the benchmarks measure the read
 * endpoints against it as the framework's floor.
 */
import { withWorkspace } from "@/server/with-workspace";

export const GET = withWorkspace(async ({ role }) => Response.json({ ok: true, role }), { permission: "read" });
