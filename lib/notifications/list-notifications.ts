import "server-only";
/**
 * What concerns one person in a workspace, read from the workspace's event
 * log after a cursor: approvals they could decide (G4), verdicts on pull
 * requests they opened (R5), and messages that mention them — each only if
 * their settings ask for it. The unread count is pending decisions
 * (approvals and orchestration proposals) that arrived after they last
 * opened the inbox. Members' own messages never
 * notify themselves.
 */
import { can, type Role } from "../auth/permissions";
import type { PrismaClient } from "../db/generated/client";
import { handleOf, mentions } from "./mentions";
import type { NotificationItem, NotificationsView } from "./schemas";

const TYPES = ["approval.requested", "review.published", "message.created"];
/** at most this many events are looked at per call; older ones are skipped, not queued */
const MAX_EVENTS = 200;

export async function countUnread(prisma: PrismaClient, input: { workspaceId: string; userId: string; role: Role }): Promise<number> {
  if (!can(input.role, "write")) return 0;
  const member = await prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: input.workspaceId, userId: input.userId } },
    select: { inboxSeenAt: true },
  });
  const after = member?.inboxSeenAt ? { createdAt: { gt: member.inboxSeenAt } } : {};
  // O2: proposals waiting for a person are in the inbox too.
  const [approvals, proposals] = await Promise.all([
    prisma.approval.count({ where: { workspaceId: input.workspaceId, status: "pending", ...after } }),
    prisma.orchestrationProposal.count({ where: { status: "pending", room: { workspaceId: input.workspaceId }, ...after } }),
  ]);
  return approvals + proposals;
}

export async function listNotifications(
  prisma: PrismaClient,
  input: { workspaceId: string; slug: string; user: { id: string; email: string }; role: Role; after: bigint | null },
): Promise<NotificationsView> {
  const { workspaceId, user, role, after } = input;
  const settings = await prisma.user.findUniqueOrThrow({
    where: { id: user.id },
    select: { notifyApprovals: true, notifyVerdicts: true, notifyMentions: true },
  });
  const [unread, latest] = await Promise.all([
    countUnread(prisma, { workspaceId, userId: user.id, role }),
    prisma.runEvent.findFirst({ where: { workspaceId }, orderBy: { id: "desc" }, select: { id: true } }),
  ]);
  const cursor = (latest?.id ?? 0n).toString();
  if (after === null) return { unread, items: [], cursor, settings };

  const events = await prisma.runEvent.findMany({
    where: { workspaceId, id: { gt: after }, type: { in: TYPES } },
    orderBy: { id: "asc" },
    take: MAX_EVENTS,
    select: { id: true, type: true, roomId: true, data: true },
  });
  const base = `/w/${encodeURIComponent(input.slug)}`;
  const field = (data: unknown, key: string) => {
    const value = (data as Record<string, unknown> | null)?.[key];
    return typeof value === "string" ? value : null;
  };

  const approvalIds = settings.notifyApprovals && can(role, "write") ? events.filter((e) => e.type === "approval.requested").map((e) => field(e.data, "approvalId")) : [];
  const pullIds = settings.notifyVerdicts ? events.filter((e) => e.type === "review.published").map((e) => field(e.data, "pullRequestId")) : [];
  const messageIds = settings.notifyMentions ? events.filter((e) => e.type === "message.created").map((e) => field(e.data, "messageId")) : [];
  const present = (ids: (string | null)[]) => ids.filter((id): id is string => id !== null);

  const [approvals, pulls, messages] = await Promise.all([
    prisma.approval.findMany({ where: { id: { in: present(approvalIds) }, workspaceId, status: "pending" }, select: { id: true, summary: true, kind: true } }),
    prisma.pullRequest.findMany({ where: { id: { in: present(pullIds) }, workspaceId, authorId: user.id }, select: { id: true, number: true, title: true } }),
    prisma.message.findMany({
      where: { id: { in: present(messageIds) }, conversation: { room: { workspaceId } } },
      select: { id: true, content: true, authorId: true, conversation: { select: { roomId: true } } },
    }),
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const approvalMap = byId(approvals);
  const pullMap = byId(pulls);
  const messageMap = byId(messages);
  const handle = handleOf(user.email);

  const items: NotificationItem[] = [];
  for (const event of events) {
    const id = event.id.toString();
    if (event.type === "approval.requested") {
      const approval = approvalMap.get(field(event.data, "approvalId") ?? "");
      if (approval) items.push({ id, kind: "approval", title: "An approval waits for you", body: approval.summary.slice(0, 200), href: `${base}/inbox` });
    } else if (event.type === "review.published") {
      const pull = pullMap.get(field(event.data, "pullRequestId") ?? "");
      const verdict = field(event.data, "verdict") ?? "a verdict";
      if (pull) items.push({ id, kind: "verdict", title: `Verdict on #${pull.number}: ${verdict}`, body: pull.title.slice(0, 200), href: `${base}/pulls/${pull.id}` });
    } else {
      const message = messageMap.get(field(event.data, "messageId") ?? "");
      if (message && message.authorId !== user.id && mentions(message.content, handle)) {
        items.push({ id, kind: "mention", title: "You were mentioned", body: message.content.slice(0, 200), href: `${base}/rooms/${message.conversation.roomId}?message=${message.id}` });
      }
    }
  }
  return { unread, items, cursor, settings };
}
