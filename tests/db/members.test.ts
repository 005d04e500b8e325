import { describe, expect, it } from "vitest";
import type { Role } from "../../lib/auth/permissions";
import { addMember } from "../../lib/members/add-member";
import { changeRole } from "../../lib/members/change-role";
import { listMembers } from "../../lib/members/list-members";
import { removeMember } from "../../lib/members/remove-member";
import type { WorkspaceActor } from "../../lib/workspaces/actor";
import { createWorkspace } from "../../lib/workspaces/create-workspace";
import { testDatabase } from "../support/db";

let seq = 0;

/** A fresh workspace owned by a fresh user, plus one more user per requested role. */
async function setup(roles: Role[] = []) {
  const { prisma } = await testDatabase();
  const n = ++seq;
  const owner = await prisma.user.create({ data: { email: `owner${n}@m.test`, name: `Owner ${n}` } });
  const ws = await createWorkspace(prisma, owner.id, { name: `Members ${n}` });
  const people = await Promise.all(
    roles.map(async (role, i) => {
      const user = await prisma.user.create({ data: { email: `${role}${n}-${i}@m.test`, name: `${role} ${n}-${i}` } });
      const membership = await prisma.membership.create({ data: { workspaceId: ws.id, userId: user.id, role } });
      return { user, membership, actor: { workspaceId: ws.id, userId: user.id, role } satisfies WorkspaceActor };
    }),
  );
  const ownerMembership = await prisma.membership.findFirstOrThrow({ where: { workspaceId: ws.id, userId: owner.id } });
  const ownerActor: WorkspaceActor = { workspaceId: ws.id, userId: owner.id, role: "owner" };
  return { prisma, ws, owner, ownerMembership, ownerActor, people };
}

describe("members", () => {
  it("an admin adds an existing user by email (any case) and the addition is audited", async () => {
    const { prisma, ws, people } = await setup(["admin"]);
    const newcomer = await prisma.user.create({ data: { email: "newcomer@m.test", name: "Newcomer" } });
    const member = await addMember(prisma, people[0]!.actor, { email: "NewComer@m.test", role: "member" });
    expect(member).toMatchObject({ role: "member", user: { id: newcomer.id, email: "newcomer@m.test" } });
    const audit = await prisma.auditEvent.findFirstOrThrow({ where: { workspaceId: ws.id, action: "member.added" } });
    expect(audit).toMatchObject({ actorId: people[0]!.user.id, targetId: member.id, data: { role: "member", userId: newcomer.id } });
    expect((await listMembers(prisma, ws.id)).map((m) => m.role)).toEqual(["owner", "admin", "member"]);
  });

  it("adding an unknown email says the person must sign up first", async () => {
    const { prisma, ownerActor } = await setup();
    await expect(addMember(prisma, ownerActor, { email: "ghost@m.test", role: "member" })).rejects.toMatchObject({
      code: "not_found",
      message: expect.stringMatching(/signed up.*ghost@m\.test/),
    });
  });

  it("adding someone twice is a conflict", async () => {
    const { prisma, ownerActor, people } = await setup(["member"]);
    await expect(addMember(prisma, ownerActor, { email: people[0]!.user.email, role: "viewer" })).rejects.toMatchObject({ code: "conflict" });
  });

  it("members and viewers cannot manage members", async () => {
    const { prisma, people } = await setup(["member", "viewer", "viewer"]);
    const target = people[2]!.membership.id;
    for (const { actor } of people.slice(0, 2)) {
      await expect(addMember(prisma, actor, { email: "x@m.test", role: "viewer" })).rejects.toMatchObject({ code: "forbidden" });
      await expect(changeRole(prisma, actor, target, { role: "member" })).rejects.toMatchObject({ code: "forbidden" });
      await expect(removeMember(prisma, actor, target)).rejects.toMatchObject({ code: "forbidden" });
    }
  });

  it("canGrant: an admin cannot make an owner, promote to owner, or demote or remove an owner", async () => {
    const { prisma, ownerMembership, people } = await setup(["admin", "member", "owner"]);
    const [admin, member] = people;
    const outsider = await prisma.user.create({ data: { email: `outsider${seq}@m.test`, name: "Outsider" } });
    await expect(addMember(prisma, admin!.actor, { email: outsider.email, role: "owner" })).rejects.toMatchObject({
      code: "forbidden",
      message: "As an admin you cannot make someone an owner.",
    });
    await expect(changeRole(prisma, admin!.actor, member!.membership.id, { role: "owner" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(changeRole(prisma, admin!.actor, ownerMembership.id, { role: "admin" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(removeMember(prisma, admin!.actor, ownerMembership.id)).rejects.toMatchObject({ code: "forbidden" });
    // …but may grant up to admin and manage those at or below it.
    expect(await changeRole(prisma, admin!.actor, member!.membership.id, { role: "admin" })).toMatchObject({ role: "admin" });
  });

  it("the role an admin holds now counts, not the one their request started with", async () => {
    const { prisma, ownerActor, people } = await setup(["admin", "member"]);
    const [admin, member] = people;
    await changeRole(prisma, ownerActor, admin!.membership.id, { role: "member" });
    // admin.actor still claims "admin"; the lock re-reads the role.
    await expect(removeMember(prisma, admin!.actor, member!.membership.id)).rejects.toMatchObject({ code: "forbidden" });
  });

  it("the last owner can be neither demoted nor removed, not even by themselves", async () => {
    const { prisma, ownerActor, ownerMembership } = await setup();
    await expect(changeRole(prisma, ownerActor, ownerMembership.id, { role: "admin" })).rejects.toMatchObject({
      code: "unprocessable",
      message: expect.stringMatching(/last owner/),
    });
    await expect(removeMember(prisma, ownerActor, ownerMembership.id)).rejects.toMatchObject({ code: "unprocessable" });
    expect(await prisma.membership.findUnique({ where: { id: ownerMembership.id } })).toMatchObject({ role: "owner" });
  });

  it("with two owners, one may step down; the other is then the last", async () => {
    const { prisma, ownerActor, ownerMembership, people } = await setup(["owner"]);
    const second = people[0]!;
    await changeRole(prisma, ownerActor, ownerMembership.id, { role: "admin" });
    await expect(removeMember(prisma, second.actor, second.membership.id)).rejects.toMatchObject({ code: "unprocessable" });
  });

  it("two owners demoting each other at once leave exactly one owner", async () => {
    const { prisma, ws, ownerActor, ownerMembership, people } = await setup(["owner"]);
    const second = people[0]!;
    const results = await Promise.allSettled([
      changeRole(prisma, ownerActor, second.membership.id, { role: "member" }),
      changeRole(prisma, second.actor, ownerMembership.id, { role: "member" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await prisma.membership.count({ where: { workspaceId: ws.id, role: "owner" } })).toBe(1);
  });

  it("every change is audited with who did what", async () => {
    const { prisma, ws, ownerActor, people } = await setup(["member"]);
    const target = people[0]!;
    await changeRole(prisma, ownerActor, target.membership.id, { role: "viewer" });
    await removeMember(prisma, ownerActor, target.membership.id);
    const audit = await prisma.auditEvent.findMany({ where: { workspaceId: ws.id, targetType: "membership" }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.actorId, a.targetId, a.data])).toEqual([
      ["member.role_changed", ownerActor.userId, target.membership.id, { userId: target.user.id, from: "member", to: "viewer" }],
      ["member.removed", ownerActor.userId, target.membership.id, { userId: target.user.id, email: target.user.email, role: "viewer" }],
    ]);
  });

  it("a membership id from another workspace is not found", async () => {
    const a = await setup();
    const b = await setup(["member"]);
    const foreign = b.people[0]!.membership.id;
    await expect(changeRole(a.prisma, a.ownerActor, foreign, { role: "viewer" })).rejects.toMatchObject({ code: "not_found" });
    await expect(removeMember(a.prisma, a.ownerActor, foreign)).rejects.toMatchObject({ code: "not_found" });
    expect(await a.prisma.membership.findUnique({ where: { id: foreign } })).toMatchObject({ role: "member" });
  });
});
