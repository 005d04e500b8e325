/**
 * R10 and R3 at the tenant and role boundary, through the route handlers with
 * real session cookies and PostgreSQL: a viewer reads a finding's thread but
 * cannot reply, open a fix room or change the required confirmations (403);
 * a member of another workspace reaches none of it — not through the victim's
 * slug (not a member: 404) and not by putting the victim's ids under their own
 * slug (not theirs: 404) — and nothing of the victim's changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fix from "../../app/api/workspaces/[workspace]/pulls/[pullId]/findings/[findingId]/fix/route";
import * as replies from "../../app/api/workspaces/[workspace]/pulls/[pullId]/findings/[findingId]/replies/route";
import * as reviewSettings from "../../app/api/workspaces/[workspace]/review-settings/route";
import type { Database } from "../../lib/db/client";
import { openPullRequest } from "../../lib/pulls/open-pull-request";
import { reviewServices } from "../../lib/runtime/review-services";
import { testDatabase } from "../support/db";
import { createAgent, createUser, createWorkspace, sessionCookie } from "../support/factories";
import { checkout, commitFiles, makeRepo, useDataDir } from "../support/reviews";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let db: Database;
let data: Awaited<ReturnType<typeof useDataDir>>;
beforeAll(async () => {
  data = await useDataDir();
  db = await testDatabase();
  (globalThis as { gatehouseDb?: Promise<Database> }).gatehouseDb = Promise.resolve(db);
});
afterAll(async () => {
  delete (globalThis as { gatehouseDb?: unknown }).gatehouseDb;
  await data.cleanup();
});

async function as(userId: string) {
  const { cookie } = await sessionCookie(db.prisma, userId);
  return async (handler: unknown, params: Record<string, string>, init: { method?: string; body?: unknown } = {}) => {
    const req = new Request("http://localhost/api/x", {
      method: init.method ?? "GET",
      headers: { cookie, "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const res = await (handler as Handler)(req, { params: Promise.resolve(params) });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
}

/** Workspace B: a pull request with one finding and one reply, and everything an attack could change. */
async function victim() {
  const { prisma } = db;
  const [owner, viewer] = [await createUser(prisma), await createUser(prisma)];
  const workspace = await createWorkspace(prisma, [
    { userId: owner.id, role: "owner" },
    { userId: viewer.id, role: "viewer" },
  ]);
  const agent = await createAgent(prisma, workspace.id, { scenarios: [] });
  const repoPath = await makeRepo(data.root, `victim-${workspace.slug}`, { "a.ts": "export const a = 1;\n" });
  checkout(repoPath, "feature", true);
  await commitFiles(repoPath, { "a.ts": "export const a = 2;\n" }, "change");
  const repository = await prisma.repository.create({ data: { workspaceId: workspace.id, name: "repo", path: repoPath } });
  const { pull, room } = await openPullRequest(prisma, { workspaceId: workspace.id, userId: owner.id, role: "owner" }, { repositoryId: repository.id, baseRef: "main", headRef: "feature", title: "Change", agentId: agent.id });
  const services = reviewServices(prisma, { workspaceId: workspace.id, roomId: room.id, runId: null, conversationId: null, author: `agent:${agent.name}` });
  const added = (await services.addNode({ kind: "bug", priority: "P0", confidence: 0.9, title: "Wrong value", body: "", anchor: { file: "a.ts", startLine: 1, endLine: 1 } })) as { findingId: string };
  await prisma.findingReply.create({ data: { findingId: added.findingId, author: `user:${owner.id}`, authorUserId: owner.id, body: "Secret plan: ship Friday." } });
  const state = async () => ({
    replies: await prisma.findingReply.count({ where: { findingId: added.findingId } }),
    setting: (await prisma.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).requiredConfirmations,
    rooms: await prisma.room.count({ where: { workspaceId: workspace.id } }),
    fixRoom: (await prisma.finding.findUniqueOrThrow({ where: { id: added.findingId } })).fixRoomId,
    events: await prisma.runEvent.count({ where: { roomId: room.id } }),
  });
  return { workspace, owner, viewer, agent, pull, findingId: added.findingId, state, untouched: await state() };
}

describe("R10/R3 threads and settings across roles and workspaces", () => {
  it("R10, R3: a viewer reads the thread and the setting but cannot reply, fix or change the setting (403); nothing changes", async () => {
    const b = await victim();
    const asViewer = await as(b.viewer.id);
    const at = { workspace: b.workspace.slug, pullId: b.pull.id, findingId: b.findingId };
    const read = await asViewer(replies.GET, at);
    expect(read.status).toBe(200);
    expect(read.json.replies).toEqual([expect.objectContaining({ body: "Secret plan: ship Friday." })]);
    expect((await asViewer(reviewSettings.GET, { workspace: b.workspace.slug })).json).toEqual({ requiredConfirmations: { P0: 1, P1: 1, P2: 1, P3: 1 } });

    const reply = await asViewer(replies.POST, at, { method: "POST", body: { body: "a viewer's reply" } });
    expect(reply.status).toBe(403);
    expect(reply.json.detail).toMatch(/As a viewer you cannot post/);
    expect((await asViewer(fix.POST, at, { method: "POST", body: {} })).status).toBe(403);
    expect((await asViewer(reviewSettings.PUT, { workspace: b.workspace.slug }, { method: "PUT", body: { requiredConfirmations: { P0: 5, P1: 5, P2: 5, P3: 5 } } })).status).toBe(403);
    // A member may reply and fix, but the setting is for admins and owners.
    const member = await createUser(db.prisma);
    await db.prisma.membership.create({ data: { workspaceId: b.workspace.id, userId: member.id, role: "member" } });
    expect((await (await as(member.id))(reviewSettings.PUT, { workspace: b.workspace.slug }, { method: "PUT", body: { requiredConfirmations: { P0: 2, P1: 1, P2: 1, P3: 1 } } })).status).toBe(403);
    expect(await b.state()).toEqual(b.untouched);
  });

  it("R10, R3: another workspace's owner gets 404 for the victim's thread, fix and setting, by the victim's slug or their own", async () => {
    const b = await victim();
    const mallory = await createUser(db.prisma);
    const own = await createWorkspace(db.prisma, [{ userId: mallory.id, role: "owner" }]);
    const asMallory = await as(mallory.id);
    for (const slug of [b.workspace.slug, own.slug]) {
      const at = { workspace: slug, pullId: b.pull.id, findingId: b.findingId };
      const read = await asMallory(replies.GET, at);
      expect(read.status).toBe(404);
      expect(JSON.stringify(read.json)).not.toContain("Secret plan");
      expect((await asMallory(replies.POST, at, { method: "POST", body: { body: "planted reply" } })).status).toBe(404);
      expect((await asMallory(fix.POST, at, { method: "POST", body: {} })).status).toBe(404);
    }
    expect((await asMallory(reviewSettings.GET, { workspace: b.workspace.slug })).status).toBe(404);
    expect((await asMallory(reviewSettings.PUT, { workspace: b.workspace.slug }, { method: "PUT", body: { requiredConfirmations: { P0: 5, P1: 5, P2: 5, P3: 5 } } })).status).toBe(404);
    // Their own workspace's setting is theirs to change, and it does not reach the victim.
    expect((await asMallory(reviewSettings.PUT, { workspace: own.slug }, { method: "PUT", body: { requiredConfirmations: { P0: 5, P1: 5, P2: 5, P3: 5 } } })).status).toBe(200);
    expect(await b.state()).toEqual(b.untouched);
  });

  it("R10, R3: bad input is a 400 naming the field, never a 500", async () => {
    const b = await victim();
    const asOwner = await as(b.owner.id);
    const at = { workspace: b.workspace.slug, pullId: b.pull.id, findingId: b.findingId };
    const empty = await asOwner(replies.POST, at, { method: "POST", body: { body: "   " } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.json)).toContain("write a reply first");
    expect((await asOwner(replies.POST, at, { method: "POST", body: { body: "x", authorUserId: b.viewer.id } })).status).toBe(400);
    expect((await asOwner(replies.POST, at, { method: "POST", body: { body: "x".repeat(10_001) } })).status).toBe(400);
    const tooMany = await asOwner(reviewSettings.PUT, { workspace: b.workspace.slug }, { method: "PUT", body: { requiredConfirmations: { P0: 6, P1: 1, P2: 1, P3: 1 } } });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.json)).toContain("P0");
    expect((await asOwner(fix.POST, at, { method: "POST", body: { agentId: "nope" } })).status).toBe(404);
    expect((await asOwner(fix.POST, { ...at, findingId: "missing" }, { method: "POST", body: {} })).status).toBe(404);
    expect(await b.state()).toEqual(b.untouched);
  });
});
