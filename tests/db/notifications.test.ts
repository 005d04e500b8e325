import { describe, expect, it } from "vitest";
import { markInboxSeen } from "../../lib/notifications/mark-inbox-seen";
import { countUnread, listNotifications } from "../../lib/notifications/list-notifications";
import { updateNotificationSettings } from "../../lib/notifications/update-notification-settings";
import { listMembers } from "../../lib/members/list-members";
import { requestReview } from "../../lib/pulls/request-review";
import type { Prisma } from "../../lib/db/generated/client";
import { testDatabase } from "../support/db";
import { createRoom, createUser, createWorkspace, uid } from "../support/factories";

async function setup() {
  const { prisma } = await testDatabase();
  const me = await createUser(prisma, `ada-${uid()}`);
  const other = await createUser(prisma);
  const viewer = await createUser(prisma);
  const ws = await createWorkspace(prisma, [
    { userId: me.id, role: "member" },
    { userId: other.id, role: "owner" },
    { userId: viewer.id, role: "viewer" },
  ]);
  const room = await createRoom(prisma, { workspaceId: ws.id });
  const event = (type: string, data: Record<string, unknown>) => prisma.runEvent.create({ data: { workspaceId: ws.id, roomId: room.id, type, data: data as Prisma.InputJsonValue } });
  const approval = async (summary: string) => {
    const row = await prisma.approval.create({ data: { workspaceId: ws.id, roomId: room.id, kind: "tool_call", summary } });
    await event("approval.requested", { approvalId: row.id, summary });
    return row;
  };
  const message = async (authorId: string, content: string) => {
    const row = await prisma.message.create({ data: { conversationId: room.conversationId, role: "user", authorId, content } });
    await event("message.created", { messageId: row.id });
    return row;
  };
  const pull = async (authorId: string, verdict: string) => {
    const repo = await prisma.repository.create({ data: { workspaceId: ws.id, name: `r-${uid()}` } });
    const row = await prisma.pullRequest.create({
      data: { workspaceId: ws.id, repositoryId: repo.id, number: 7, title: "Add pricing", baseRef: "main", headRef: "f", baseSha: "a", headSha: "b", source: "ui", authorId },
    });
    await event("review.published", { pullRequestId: row.id, verdict });
    return row;
  };
  const view = (user: { id: string; email: string }, role: "member" | "owner" | "viewer", after: bigint | null) =>
    listNotifications(prisma, { workspaceId: ws.id, slug: ws.slug, user, role, after });
  return { prisma, ws, me, other, viewer, room, event, approval, message, pull, view };
}

describe("notifications", () => {
  it("G4/R5: after a cursor, a person is told of approvals they could decide, verdicts on their pull requests and mentions of them", async () => {
    const t = await setup();
    const start = await t.view(t.me, "member", null);
    expect(start.items).toEqual([]);
    const handle = t.me.email.split("@")[0]!;

    await t.approval("write_file src/a.ts");
    await t.message(t.other.id, `@${handle} can you approve?`);
    await t.message(t.other.id, "no mention here");
    await t.message(t.me.id, `note to self @${handle}`);
    const mine = await t.pull(t.me.id, "ship");
    await t.pull(t.other.id, "block");

    const next = await t.view(t.me, "member", BigInt(start.cursor));
    expect(next.items.map((i) => [i.kind, i.title])).toEqual([
      ["approval", "An approval waits for you"],
      ["mention", "You were mentioned"],
      ["verdict", "Verdict on #7: ship"],
    ]);
    expect(next.items[2]!.href).toBe(`/w/${encodeURIComponent(t.ws.slug)}/pulls/${mine.id}`);
    expect(next.unread).toBe(1);
    expect(BigInt(next.cursor)).toBeGreaterThan(BigInt(start.cursor));

    // A viewer cannot decide: no approval notification and no unread decisions.
    const viewer = await t.view(t.viewer, "viewer", BigInt(start.cursor));
    expect(viewer.items.filter((i) => i.kind === "approval")).toEqual([]);
    expect(viewer.unread).toBe(0);
  });

  it("settings turn each kind off, and opening the inbox resets the unread count to what arrives next", async () => {
    const t = await setup();
    const start = await t.view(t.me, "member", null);
    await updateNotificationSettings(t.prisma, t.me.id, { notifyApprovals: false, notifyMentions: false });
    await t.approval("run_command npm test");
    await t.message(t.other.id, `@${t.me.email.split("@")[0]} hi`);
    await t.pull(t.me.id, "hold");
    const next = await t.view(t.me, "member", BigInt(start.cursor));
    expect(next.settings).toEqual({ notifyApprovals: false, notifyVerdicts: true, notifyMentions: false, notifyPulls: true, notifyReviewRequests: true });
    expect(next.items.map((i) => i.kind)).toEqual(["verdict"]);

    expect(await countUnread(t.prisma, { workspaceId: t.ws.id, userId: t.me.id, role: "member" })).toBe(1);
    await markInboxSeen(t.prisma, { workspaceId: t.ws.id, userId: t.me.id });
    expect(await countUnread(t.prisma, { workspaceId: t.ws.id, userId: t.me.id, role: "member" })).toBe(0);
    await t.approval("delete_file b.ts");
    expect(await countUnread(t.prisma, { workspaceId: t.ws.id, userId: t.me.id, role: "member" })).toBe(1);
    // Another member's count is their own.
    expect(await countUnread(t.prisma, { workspaceId: t.ws.id, userId: t.other.id, role: "owner" })).toBe(2);
  });

  it("P3/O2/R3/R5: plans and proposals waiting, pull requests someone else opened, reviews asked of me and verdicts on pulls I review notify me; each setting turns its kind off", async () => {
    const t = await setup();
    const start = await t.view(t.me, "member", null);
    // A plan waits (it is an approval of kind plan, so the inbox counts it) and a proposal waits.
    const plan = await t.prisma.plan.create({ data: { roomId: t.room.id, author: "agent:Planner", version: 1, goal: "Cap discounts", nodes: [] } });
    await t.prisma.approval.create({ data: { workspaceId: t.ws.id, roomId: t.room.id, kind: "plan", planId: plan.id, summary: "Plan v1: Cap discounts" } });
    await t.event("plan.submitted", { planId: plan.id, version: 1, goal: "Cap discounts", steps: 2 });
    const proposal = await t.prisma.orchestrationProposal.create({ data: { roomId: t.room.id, payload: {} } });
    await t.event("proposal.created", { proposalId: proposal.id });
    // Someone else opens a pull request and asks me to review it; I open one myself.
    const theirs = await t.pull(t.other.id, "hold");
    await t.event("pull.opened", { pullRequestId: theirs.id, number: 7, headSha: "b", baseSha: "a", source: "ui" });
    await requestReview(t.prisma, { workspaceId: t.ws.id, userId: t.other.id, role: "owner" }, { pullRequestId: theirs.id, userId: t.me.id });
    const mine = await t.pull(t.me.id, "ship");
    await t.event("pull.opened", { pullRequestId: mine.id, number: 7, headSha: "b", baseSha: "a", source: "ui" });
    await t.event("review.published", { pullRequestId: theirs.id, verdict: "block" });

    const next = await t.view(t.me, "member", BigInt(start.cursor));
    const kinds = next.items.map((i) => [i.kind, i.title]);
    expect(kinds).toEqual([
      ["plan", `A plan waits for approval in ${t.room.name}`],
      ["proposal", "An orchestration proposal waits for approval"],
      ["verdict", "Verdict on #7: hold"],
      ["pull", "Pull request #7 opened"],
      ["review_request", "Your review is asked for on #7"],
      ["verdict", "Verdict on #7: ship"],
      ["verdict", "Verdict on #7: block"],
    ]);
    expect(next.items.find((i) => i.kind === "plan")!.href).toBe(`/w/${encodeURIComponent(t.ws.slug)}/rooms/${t.room.id}?tab=plan&plan=${plan.id}`);
    expect(next.items.find((i) => i.kind === "review_request")!.body).toContain(`asked by ${t.other.name}`);
    // The plan, the proposal and the review request wait for me: counted.
    expect(next.unread).toBe(3);
    // The one who opened it is not told it was opened; a viewer is not asked to decide.
    expect((await t.view(t.other, "owner", BigInt(start.cursor))).items.filter((i) => i.kind === "pull").map((i) => i.href)).toEqual([`/w/${encodeURIComponent(t.ws.slug)}/pulls/${mine.id}`]);
    expect((await t.view(t.viewer, "viewer", BigInt(start.cursor))).items.filter((i) => ["plan", "proposal", "pull"].includes(i.kind))).toEqual([]);

    await updateNotificationSettings(t.prisma, t.me.id, { notifyApprovals: false, notifyPulls: false, notifyReviewRequests: false, notifyVerdicts: false });
    expect((await t.view(t.me, "member", BigInt(start.cursor))).items).toEqual([]);
  });

  it("two members sharing an email's local part are each mentioned only by their own handle", async () => {
    const t = await setup();
    const local = t.me.email.split("@")[0]!;
    const twin = await t.prisma.user.create({ data: { email: `${local}@elsewhere.test`, name: "Twin" } });
    await t.prisma.membership.create({ data: { workspaceId: t.ws.id, userId: twin.id, role: "member" } });
    const members = await listMembers(t.prisma, t.ws.id);
    const handles = members.map((m) => m.handle);
    expect(new Set(handles).size).toBe(members.length);
    expect(members.find((m) => m.user.id === t.me.id)!.handle).toBe(t.me.email.replace("@", "."));
    expect(members.find((m) => m.user.id === twin.id)!.handle).toBe(`${local}.elsewhere.test`);

    const start = await t.view(t.me, "member", null);
    await t.message(t.other.id, `@${local} which of you?`);
    await t.message(t.other.id, `@${local}.elsewhere.test this one`);
    expect((await t.view(t.me, "member", BigInt(start.cursor))).items).toEqual([]);
    const twins = await listNotifications(t.prisma, { workspaceId: t.ws.id, slug: t.ws.slug, user: twin, role: "member", after: BigInt(start.cursor) });
    expect(twins.items.map((i) => [i.kind, i.body])).toEqual([["mention", `@${local}.elsewhere.test this one`]]);
  });
});
