import { describe, expect, it } from "vitest";
import { markInboxSeen } from "../../lib/notifications/mark-inbox-seen";
import { countUnread, listNotifications } from "../../lib/notifications/list-notifications";
import { updateNotificationSettings } from "../../lib/notifications/update-notification-settings";
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
  return { prisma, ws, me, other, viewer, room, approval, message, pull, view };
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
    expect(next.settings).toEqual({ notifyApprovals: false, notifyVerdicts: true, notifyMentions: false });
    expect(next.items.map((i) => i.kind)).toEqual(["verdict"]);

    expect(await countUnread(t.prisma, { workspaceId: t.ws.id, userId: t.me.id, role: "member" })).toBe(1);
    await markInboxSeen(t.prisma, { workspaceId: t.ws.id, userId: t.me.id });
    expect(await countUnread(t.prisma, { workspaceId: t.ws.id, userId: t.me.id, role: "member" })).toBe(0);
    await t.approval("delete_file b.ts");
    expect(await countUnread(t.prisma, { workspaceId: t.ws.id, userId: t.me.id, role: "member" })).toBe(1);
    // Another member's count is their own.
    expect(await countUnread(t.prisma, { workspaceId: t.ws.id, userId: t.other.id, role: "owner" })).toBe(2);
  });
});
