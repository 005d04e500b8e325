import { describe, expect, it } from "vitest";
import { acceptInvite, peekInvite } from "../../lib/invites/accept-invite";
import { createInvite } from "../../lib/invites/create-invite";
import { listPendingInvites } from "../../lib/invites/list-invites";
import { revokeInvite } from "../../lib/invites/revoke-invite";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { testDatabase } from "../support/db";
import { createUser, createWorkspace } from "../support/factories";

async function setup() {
  const { prisma } = await testDatabase();
  const owner = await createUser(prisma);
  const admin = await createUser(prisma);
  const viewer = await createUser(prisma);
  const ws = await createWorkspace(prisma, [
    { userId: owner.id, role: "owner" },
    { userId: admin.id, role: "admin" },
    { userId: viewer.id, role: "viewer" },
  ]);
  const actor = (userId: string, role: WorkspaceActor["role"]): WorkspaceActor => ({ workspaceId: ws.id, userId, role });
  return { prisma, ws, owner, admin, viewer, actor };
}

describe("invites", () => {
  it("a link invite makes whoever accepts it a member with its role, once; the acceptance is audited", async () => {
    const { prisma, ws, admin, actor } = await setup();
    const made = await createInvite(prisma, actor(admin.id, "admin"), { role: "member" });
    expect(made.path).toBe(`/invite/${made.token}`);
    expect(await listPendingInvites(prisma, ws.id)).toEqual([expect.objectContaining({ id: made.invite.id, email: null, role: "member" })]);
    expect(await peekInvite(prisma, made.token)).toEqual({ workspaceName: ws.name, role: "member", email: null });

    const newcomer = await createUser(prisma);
    const joined = await acceptInvite(prisma, newcomer, { token: made.token });
    expect(joined).toEqual({ workspace: { slug: ws.slug, name: ws.name }, alreadyMember: false });
    expect(await prisma.membership.findFirst({ where: { workspaceId: ws.id, userId: newcomer.id } })).toMatchObject({ role: "member" });
    expect(await prisma.auditEvent.findFirst({ where: { workspaceId: ws.id, action: "member.added", actorId: newcomer.id } })).not.toBeNull();

    // Used: nobody else joins with it, and it is no longer pending.
    const second = await createUser(prisma);
    await expect(acceptInvite(prisma, second, { token: made.token })).rejects.toMatchObject({ code: "not_found" });
    expect(await listPendingInvites(prisma, ws.id)).toEqual([]);
    expect(await peekInvite(prisma, made.token)).toBeNull();
  });

  it("two people racing on one link: exactly one joins", async () => {
    const { prisma, ws, owner, actor } = await setup();
    const made = await createInvite(prisma, actor(owner.id, "owner"), { role: "viewer" });
    const people = await Promise.all([1, 2, 3, 4].map(() => createUser(prisma)));
    const results = await Promise.allSettled(people.map((p) => acceptInvite(prisma, p, { token: made.token })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await prisma.membership.count({ where: { workspaceId: ws.id, role: "viewer" } })).toBe(2);
  });

  it("an email invite is accepted only by the account with that address", async () => {
    const { prisma, ws, owner, actor } = await setup();
    const invitee = await createUser(prisma);
    const made = await createInvite(prisma, actor(owner.id, "owner"), { email: invitee.email.toUpperCase(), role: "admin" });
    expect(made.invite.email).toBe(invitee.email);
    const stranger = await createUser(prisma);
    await expect(acceptInvite(prisma, stranger, { token: made.token })).rejects.toMatchObject({ code: "forbidden", message: expect.stringMatching(/another email/) });
    await acceptInvite(prisma, invitee, { token: made.token });
    expect(await prisma.membership.findFirst({ where: { workspaceId: ws.id, userId: invitee.id } })).toMatchObject({ role: "admin" });
  });

  it("a revoked or expired invite stops working and reads the same as a wrong token", async () => {
    const { prisma, owner, actor } = await setup();
    const revoked = await createInvite(prisma, actor(owner.id, "owner"), { role: "member" });
    await revokeInvite(prisma, actor(owner.id, "owner"), revoked.invite.id);
    await expect(revokeInvite(prisma, actor(owner.id, "owner"), revoked.invite.id)).rejects.toMatchObject({ code: "conflict" });
    const expired = await createInvite(prisma, actor(owner.id, "owner"), { role: "member", expiresInDays: 1 });
    await prisma.invite.update({ where: { id: expired.invite.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const someone = await createUser(prisma);
    const messages = await Promise.all(
      [revoked.token, expired.token, "A".repeat(43)].map((token) => acceptInvite(prisma, someone, { token }).catch((e: Error) => e.message)),
    );
    expect(new Set(messages).size).toBe(1);
    expect(messages[0]).toMatch(/expired, was revoked or was already used/);
  });

  it("H3: nobody invites above their own role, viewers cannot invite, and another workspace's invite id is not found", async () => {
    const { prisma, admin, viewer, owner, actor } = await setup();
    await expect(createInvite(prisma, actor(admin.id, "admin"), { role: "owner" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(createInvite(prisma, actor(viewer.id, "viewer"), { role: "viewer" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(createInvite(prisma, actor(owner.id, "owner"), { role: "member", expiresInDays: 90 })).rejects.toMatchObject({ name: "ZodError" });
    const made = await createInvite(prisma, actor(owner.id, "owner"), { role: "member" });
    const other = await setup();
    await expect(revokeInvite(prisma, other.actor(other.owner.id, "owner"), made.invite.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("inviting someone who is already a member by email is a conflict", async () => {
    const { prisma, owner, admin, actor } = await setup();
    await expect(createInvite(prisma, actor(owner.id, "owner"), { email: admin.email, role: "member" })).rejects.toMatchObject({ code: "conflict" });
  });
});
