import { describe, expect, it } from "vitest";
import { createWorkspace } from "../../lib/workspaces/create-workspace";
import { listWorkspaces } from "../../lib/workspaces/list-workspaces";
import { testDatabase } from "../support/db";

async function makeUser(email: string) {
  const { prisma } = await testDatabase();
  return prisma.user.create({ data: { email, name: email.split("@")[0]! } });
}

describe("create-workspace", () => {
  it("makes the creator the owner and records the creation", async () => {
    const { prisma } = await testDatabase();
    const ada = await makeUser("ada@cw.test");
    const ws = await createWorkspace(prisma, ada.id, { name: "Analytical Engines" });
    expect(ws).toMatchObject({ slug: "analytical-engines", name: "Analytical Engines", role: "owner" });
    const memberships = await prisma.membership.findMany({ where: { workspaceId: ws.id } });
    expect(memberships).toEqual([expect.objectContaining({ userId: ada.id, role: "owner" })]);
    const audit = await prisma.auditEvent.findMany({ where: { workspaceId: ws.id } });
    expect(audit).toEqual([expect.objectContaining({ action: "workspace.created", actorId: ada.id, targetId: ws.id })]);
  });

  it("numbers the slug when the name's slug is taken", async () => {
    const { prisma } = await testDatabase();
    const ada = await makeUser("ada2@cw.test");
    const first = await createWorkspace(prisma, ada.id, { name: "Same Name" });
    const second = await createWorkspace(prisma, ada.id, { name: "same name!" });
    expect([first.slug, second.slug]).toEqual(["same-name", "same-name-2"]);
  });

  it("gives every workspace a unique slug when many with one name are created at once", async () => {
    const { prisma } = await testDatabase();
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => makeUser(`racer${i}@cw.test`)));
    const created = await Promise.all(users.map((u) => createWorkspace(prisma, u.id, { name: "Acme" })));
    const slugs = created.map((w) => w.slug);
    expect(new Set(slugs).size).toBe(8);
    expect(slugs).toContain("acme");
    for (const [i, ws] of created.entries()) {
      const owner = await prisma.membership.findFirst({ where: { workspaceId: ws.id, role: "owner" } });
      expect(owner?.userId).toBe(users[i]!.id);
    }
  });

  it("lists only the caller's workspaces, with their role in each", async () => {
    const { prisma } = await testDatabase();
    const ada = await makeUser("ada3@cw.test");
    const bob = await makeUser("bob3@cw.test");
    const mine = await createWorkspace(prisma, ada.id, { name: "Mine" });
    const theirs = await createWorkspace(prisma, bob.id, { name: "Theirs" });
    await prisma.membership.create({ data: { workspaceId: theirs.id, userId: ada.id, role: "viewer" } });
    await createWorkspace(prisma, bob.id, { name: "Private" });
    const list = await listWorkspaces(prisma, ada.id);
    expect(list.map((w) => [w.slug, w.role])).toEqual([
      [mine.slug, "owner"],
      [theirs.slug, "viewer"],
    ]);
  });

  it("refuses an empty name", async () => {
    const { prisma } = await testDatabase();
    const ada = await makeUser("ada4@cw.test");
    await expect(createWorkspace(prisma, ada.id, { name: "   " })).rejects.toThrow(/name/i);
  });
});
