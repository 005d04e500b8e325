import "server-only";
/**
 * What concerns one person in a workspace, read from the workspace's event
 * log after a cursor — each only if their settings ask for it:
 *   - decisions they could take (G4, P3, O2): approvals, submitted plans and
 *     orchestration proposals still waiting;
 *   - pull requests opened by someone else, and reviews asked of them (R3);
 *   - verdicts on pull requests they opened or were asked to review (R5);
 *   - messages that mention their handle in this workspace.
 * The unread count is what waits for them (pending decisions and their review
 * requests) that arrived after they last opened the inbox. Members' own
 * actions never notify themselves.
 */
import { can, type Role } from "../auth/permissions";
import type { PrismaClient } from "../db/generated/client";
import { handlesFor, mentions } from "./mentions";
import type { NotificationItem, NotificationSettings, NotificationsView } from "./schemas";

const TYPES = ["approval.requested", "plan.submitted", "proposal.created", "pull.opened", "pull.review_requested", "review.published", "message.created"];
/** at most this many events are looked at per call; older ones are skipped, not queued */
const MAX_EVENTS = 200;
const SETTINGS = { notifyApprovals: true, notifyVerdicts: true, notifyMentions: true, notifyPulls: true, notifyReviewRequests: true } as const;

export async function countUnread(prisma: PrismaClient, input: { workspaceId: string; userId: string; role: Role }): Promise<number> {
  if (!can(input.role, "write")) return 0;
  const member = await prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: input.workspaceId, userId: input.userId } },
    select: { inboxSeenAt: true },
  });
  const after = member?.inboxSeenAt ? { createdAt: { gt: member.inboxSeenAt } } : {};
  // O2: proposals waiting for a person are in the inbox too; R3: so are reviews asked of them.
  const [approvals, proposals, reviews] = await Promise.all([
    prisma.approval.count({ where: { workspaceId: input.workspaceId, status: "pending", ...after } }),
    prisma.orchestrationProposal.count({ where: { status: "pending", room: { workspaceId: input.workspaceId }, ...after } }),
    prisma.reviewRequest.count({ where: { userId: input.userId, pullRequest: { workspaceId: input.workspaceId, state: "open" }, ...after } }),
  ]);
  return approvals + proposals + reviews;
}

type Event = { id: bigint; type: string; roomId: string | null; data: unknown };

const field = (data: unknown, key: string) => {
  const value = (data as Record<string, unknown> | null)?.[key];
  return typeof value === "string" ? value : null;
};
const idsOf = (events: readonly Event[], type: string, key: string, on: boolean) =>
  on ? events.filter((e) => e.type === type).map((e) => field(e.data, key)).filter((id): id is string => id !== null) : [];
const clip = (text: string) => text.slice(0, 200);

export async function listNotifications(
  prisma: PrismaClient,
  input: { workspaceId: string; slug: string; user: { id: string; email: string }; role: Role; after: bigint | null },
): Promise<NotificationsView> {
  const { workspaceId, user, role, after } = input;
  const settings: NotificationSettings = await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: SETTINGS });
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
  const decides = can(role, "write");
  const decisions = settings.notifyApprovals && decides;

  const pullIds = [
    ...idsOf(events, "pull.opened", "pullRequestId", settings.notifyPulls && decides),
    ...idsOf(events, "pull.review_requested", "pullRequestId", settings.notifyReviewRequests),
    ...idsOf(events, "review.published", "pullRequestId", settings.notifyVerdicts),
  ];
  const messageIds = idsOf(events, "message.created", "messageId", settings.notifyMentions);
  const [approvals, plans, proposals, pulls, myRequests, messages, members] = await Promise.all([
    prisma.approval.findMany({ where: { id: { in: idsOf(events, "approval.requested", "approvalId", decisions) }, workspaceId, status: "pending" }, select: { id: true, summary: true } }),
    prisma.plan.findMany({
      where: { id: { in: idsOf(events, "plan.submitted", "planId", decisions) }, status: "submitted", room: { workspaceId } },
      select: { id: true, version: true, goal: true, room: { select: { id: true, name: true } } },
    }),
    prisma.orchestrationProposal.findMany({
      where: { id: { in: idsOf(events, "proposal.created", "proposalId", decisions) }, status: "pending", room: { workspaceId } },
      select: { id: true, room: { select: { id: true, name: true } } },
    }),
    prisma.pullRequest.findMany({ where: { id: { in: pullIds }, workspaceId }, select: { id: true, number: true, title: true, authorId: true, state: true } }),
    prisma.reviewRequest.findMany({ where: { userId: user.id, pullRequestId: { in: pullIds } }, select: { pullRequestId: true, requestedById: true } }),
    prisma.message.findMany({
      where: { id: { in: messageIds }, conversation: { room: { workspaceId } } },
      select: { id: true, content: true, authorId: true, conversation: { select: { roomId: true } } },
    }),
    messageIds.length > 0 ? prisma.membership.findMany({ where: { workspaceId }, select: { user: { select: { id: true, email: true } } } }) : Promise.resolve([]),
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const approvalMap = byId(approvals);
  const planMap = byId(plans);
  const proposalMap = byId(proposals);
  const pullMap = byId(pulls);
  const messageMap = byId(messages);
  const requested = new Map(myRequests.map((r) => [r.pullRequestId, r.requestedById]));
  const handle = handlesFor(members.map((m) => m.user)).get(user.id) ?? "";
  const askers = new Map(
    (await prisma.user.findMany({ where: { id: { in: [...new Set(requested.values())] } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]),
  );

  const items: NotificationItem[] = [];
  const push = (event: Event, item: Omit<NotificationItem, "id">) => items.push({ id: event.id.toString(), ...item });
  for (const event of events) {
    const ref = (key: string) => field(event.data, key) ?? "";
    if (event.type === "approval.requested") {
      const approval = approvalMap.get(ref("approvalId"));
      if (approval) push(event, { kind: "approval", title: "An approval waits for you", body: clip(approval.summary), href: `${base}/inbox` });
    } else if (event.type === "plan.submitted") {
      const plan = planMap.get(ref("planId"));
      if (plan) {
        push(event, {
          kind: "plan",
          title: `A plan waits for approval in ${clip(plan.room.name)}`,
          body: clip(`Plan v${plan.version}: ${plan.goal}`),
          href: `${base}/rooms/${plan.room.id}?tab=plan&plan=${encodeURIComponent(plan.id)}`,
        });
      }
    } else if (event.type === "proposal.created") {
      const proposal = proposalMap.get(ref("proposalId"));
      if (proposal) push(event, { kind: "proposal", title: "An orchestration proposal waits for approval", body: clip(proposal.room.name), href: `${base}/rooms/${proposal.room.id}?tab=plan` });
    } else if (event.type === "pull.opened") {
      const pull = pullMap.get(ref("pullRequestId"));
      if (pull && pull.authorId !== user.id && settings.notifyPulls && decides) push(event, { kind: "pull", title: `Pull request #${pull.number} opened`, body: clip(pull.title), href: `${base}/pulls/${pull.id}` });
    } else if (event.type === "pull.review_requested") {
      const pull = pullMap.get(ref("pullRequestId"));
      const asker = requested.get(ref("pullRequestId"));
      if (pull && ref("userId") === user.id && asker !== undefined && pull.state === "open" && settings.notifyReviewRequests) {
        push(event, { kind: "review_request", title: `Your review is asked for on #${pull.number}`, body: clip(`${pull.title} — asked by ${askers.get(asker) ?? "a teammate"}`), href: `${base}/pulls/${pull.id}` });
      }
    } else if (event.type === "review.published") {
      const pull = pullMap.get(ref("pullRequestId"));
      const concerns = pull && (pull.authorId === user.id || requested.has(pull.id));
      if (pull && concerns && settings.notifyVerdicts) push(event, { kind: "verdict", title: `Verdict on #${pull.number}: ${field(event.data, "verdict") ?? "a verdict"}`, body: clip(pull.title), href: `${base}/pulls/${pull.id}` });
    } else {
      const message = messageMap.get(ref("messageId"));
      if (message && message.authorId !== user.id && mentions(message.content, handle)) {
        push(event, { kind: "mention", title: "You were mentioned", body: clip(message.content), href: `${base}/rooms/${message.conversation.roomId}?message=${message.id}` });
      }
    }
  }
  return { unread, items, cursor, settings };
}
