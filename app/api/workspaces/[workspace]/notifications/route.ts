/** GET ?after=<event id> — the unread count and what concerns the caller since that event (read). */
import { listNotifications } from "@/lib/notifications/list-notifications";
import { notificationCursor } from "@/lib/notifications/schemas";
import { AppError } from "@/lib/errors/app-error";
import { withWorkspace } from "@/server/with-workspace";

export const dynamic = "force-dynamic";

export const GET = withWorkspace(
  async ({ req, prisma, workspace, user, role }) => {
    const raw = new URL(req.url).searchParams.get("after");
    const parsed = raw === null ? null : notificationCursor.safeParse(raw);
    if (parsed && !parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "after is not valid.");
    const view = await listNotifications(prisma, { workspaceId: workspace.id, slug: workspace.slug, user, role, after: parsed ? parsed.data : null });
    return Response.json(view, { headers: { "cache-control": "no-store" } });
  },
  { permission: "read" },
);
